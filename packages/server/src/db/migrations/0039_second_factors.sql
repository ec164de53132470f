CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "second_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"totp_secret" text,
	"totp_last_step" bigint,
	"credential_id" text,
	"public_key" text,
	"sign_count" bigint,
	"transports" text,
	"confirmed_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"challenge_hash" text NOT NULL,
	"user_id" uuid,
	"webauthn_challenge" text,
	"ttl_seconds" integer,
	"stay" text DEFAULT 'no' NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_challenges_failures_range" CHECK ("sign_in_challenges"."failures" BETWEEN 0 AND 5)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "require_second_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "login_sessions" ADD COLUMN "via" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_factors" ADD CONSTRAINT "second_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_challenges" ADD CONSTRAINT "sign_in_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "second_factors_user_idx" ON "second_factors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "second_factors_credential_unique" ON "second_factors" USING btree ("credential_id") WHERE "second_factors"."credential_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_challenges_hash_unique" ON "sign_in_challenges" USING btree ("challenge_hash");--> statement-breakpoint
CREATE INDEX "sign_in_challenges_expires_idx" ON "sign_in_challenges" USING btree ("expires_at");