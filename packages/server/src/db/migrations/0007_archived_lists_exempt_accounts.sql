ALTER TABLE "queue_members" DROP CONSTRAINT "queue_members_queue_id_queues_id_fk";
--> statement-breakpoint
ALTER TABLE "queues" DROP CONSTRAINT "queues_profile_id_profiles_id_fk";
--> statement-breakpoint
DROP INDEX "profiles_account_identifier_unique";--> statement-breakpoint
DROP INDEX "queues_profile_identifier_unique";--> statement-breakpoint
DROP INDEX "queues_one_default_per_profile";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queue_members" ADD CONSTRAINT "queue_members_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_account_identifier_unique" ON "profiles" USING btree ("account_id",lower("identifier")) WHERE "profiles"."archived_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "queues_profile_identifier_unique" ON "queues" USING btree ("profile_id",lower("identifier")) WHERE "queues"."archived_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "queues_one_default_per_profile" ON "queues" USING btree ("profile_id") WHERE "queues"."is_default" AND "queues"."archived_at" IS NULL;--> statement-breakpoint
-- Billing does not exist yet: no server had payment configured, so a trial could only end in
-- refused draws. Existing trial accounts become payment-exempt, as new ones are created now.
UPDATE "accounts" SET "subscription_state" = 'paymentExempt', "trial_end" = NULL WHERE "subscription_state" = 'trial';
