ALTER TABLE "appointments" ADD COLUMN "sealed_data" text;--> statement-breakpoint
ALTER TABLE "queue_members" ADD COLUMN "sealed_data" text;