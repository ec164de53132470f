CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"user_id" uuid,
	"address" text,
	"action" text NOT NULL,
	"subject_type" text,
	"subject_id" text,
	"detail" jsonb
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "retention_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "personal_data_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queue_members" ADD COLUMN "personal_data_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_account_at_idx" ON "audit_log" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "appointments_unerased_idx" ON "appointments" USING btree ("account_id","end_at") WHERE "appointments"."personal_data_erased_at" IS NULL;--> statement-breakpoint
CREATE INDEX "queue_members_unerased_idx" ON "queue_members" USING btree ("account_id","created_at") WHERE "queue_members"."personal_data_erased_at" IS NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_retention_days_range" CHECK ("accounts"."retention_days" BETWEEN 1 AND 3650);