ALTER TABLE "appointments" ADD COLUMN "sealed_series_id" uuid;--> statement-breakpoint
ALTER TABLE "queue_members" ADD COLUMN "sealed_series_id" uuid;