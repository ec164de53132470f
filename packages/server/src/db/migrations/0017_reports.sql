DROP INDEX "queue_members_account_idx";--> statement-breakpoint
CREATE INDEX "queue_members_account_created_idx" ON "queue_members" USING btree ("account_id","created_at");