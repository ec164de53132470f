DROP INDEX "patient_links_member_idx";--> statement-breakpoint
DROP INDEX "patient_links_appointment_idx";--> statement-breakpoint
CREATE INDEX "patient_links_member_idx" ON "patient_links" USING btree ("member_id") WHERE "patient_links"."member_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "patient_links_appointment_idx" ON "patient_links" USING btree ("appointment_id") WHERE "patient_links"."appointment_id" IS NOT NULL;