CREATE TABLE "renewal_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "renewal_tokens" ADD CONSTRAINT "renewal_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_tokens_hash_unique" ON "renewal_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "renewal_tokens_user_idx" ON "renewal_tokens" USING btree ("user_id");