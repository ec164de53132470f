-- Reports read their rows from these two indexes alone (docs/product.md#reports). One ALTER for
-- the three duration columns: PostgreSQL rewrites queue_members once, not three times.
DROP INDEX "appointments_account_start_idx";--> statement-breakpoint
DROP INDEX "queue_members_account_created_idx";--> statement-breakpoint
ALTER TABLE "queue_members"
  ADD COLUMN "wait_minutes" double precision GENERATED ALWAYS AS (date_part('epoch', actual_start - created_at) / 60) STORED,
  ADD COLUMN "processing_minutes" double precision GENERATED ALWAYS AS (date_part('epoch', actual_end - actual_start) / 60) STORED,
  ADD COLUMN "estimate_delta_minutes" double precision GENERATED ALWAYS AS (date_part('epoch', actual_start - first_estimated_start) / 60) STORED;--> statement-breakpoint
CREATE INDEX "appointments_account_start_idx" ON "appointments" USING btree ("account_id","start_at","queue_id","processor_id","status","cancel_state");--> statement-breakpoint
CREATE INDEX "queue_members_account_created_idx" ON "queue_members" USING btree ("account_id","created_at","queue_id","processor_id","origin","status","removed","cancel_state","wait_minutes","processing_minutes","estimate_delta_minutes");
