CREATE TABLE "patient_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"member_id" uuid,
	"appointment_id" uuid,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_links_target" CHECK ("patient_links"."member_id" IS NOT NULL OR "patient_links"."appointment_id" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "microsoft_oid" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "check_in_code" text;--> statement-breakpoint
ALTER TABLE "patient_links" ADD CONSTRAINT "patient_links_member_id_queue_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."queue_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_links" ADD CONSTRAINT "patient_links_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_links_member_idx" ON "patient_links" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "patient_links_appointment_idx" ON "patient_links" USING btree ("appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_microsoft_oid_unique" ON "users" USING btree ("microsoft_oid") WHERE "users"."microsoft_oid" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "appointments_check_in_code_idx" ON "appointments" USING btree ("check_in_code") WHERE "appointments"."check_in_code" IS NOT NULL;--> statement-breakpoint
-- Links already sent carry the record's id: they keep working until the visit is over (a
-- ticket's day, an appointment's day after), then stop. Their hash is the id's, as the server
-- hashes any token (SHA-256, hex).
INSERT INTO "patient_links" ("token_hash", "member_id", "expires_at")
  SELECT encode(sha256(convert_to("id"::text, 'UTF8')), 'hex'), "id", now() + interval '1 day'
  FROM "queue_members"
  WHERE "personal_data_erased_at" IS NULL AND ("status" IN ('WAITING', 'PROCESSING') OR "created_at" > now() - interval '1 day');--> statement-breakpoint
INSERT INTO "patient_links" ("token_hash", "appointment_id", "expires_at")
  SELECT encode(sha256(convert_to("id"::text, 'UTF8')), 'hex'), "id", "end_at" + interval '1 day'
  FROM "appointments"
  WHERE "personal_data_erased_at" IS NULL AND "end_at" > now() - interval '1 day';--> statement-breakpoint
-- Checked in already: the appointment's old link follows its ticket, as new links do.
UPDATE "patient_links" l SET "member_id" = m."id"
  FROM "queue_members" m
  WHERE l."appointment_id" IS NOT NULL AND m."appointment_id" = l."appointment_id";--> statement-breakpoint
-- The check-in code mailed so far was the id's first eight hex digits: it stays that one's.
UPDATE "appointments" SET "check_in_code" = upper(substr(replace("id"::text, '-', ''), 1, 8));
