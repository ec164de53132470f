ALTER TYPE "public"."draw_origin" ADD VALUE 'APPOINTMENT';--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queue_members" ADD COLUMN "appointment_id" uuid;--> statement-breakpoint
ALTER TABLE "queue_members" ADD CONSTRAINT "queue_members_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_members_appointment_unique" ON "queue_members" USING btree ("appointment_id") WHERE "queue_members"."appointment_id" IS NOT NULL;