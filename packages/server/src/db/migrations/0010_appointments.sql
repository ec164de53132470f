CREATE TYPE "public"."appointment_cancel_state" AS ENUM('USER', 'STAFF');--> statement-breakpoint
CREATE TYPE "public"."appointment_source" AS ENUM('API', 'FRONTEND', 'SELF_BOOKED', 'CSV_IMPORT');--> statement-breakpoint
CREATE TYPE "public"."appointment_status" AS ENUM('BOOKED', 'CHECKED_IN', 'FINISHED', 'NO_SHOW');--> statement-breakpoint
CREATE TYPE "public"."booking_channel" AS ENUM('ONLINE', 'KIOSK');--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"queue_id" uuid NOT NULL,
	"appointment_type_id" uuid NOT NULL,
	"processor_id" uuid,
	"series_id" uuid,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" "appointment_status" DEFAULT 'BOOKED' NOT NULL,
	"cancel_state" "appointment_cancel_state",
	"source" "appointment_source" NOT NULL,
	"channel" "booking_channel",
	"booked_by_user_id" uuid,
	"first_name" text,
	"last_name" text,
	"birth_date" text,
	"mail" text,
	"phone" text,
	"insurance_number" text,
	"description" text,
	"notify_mail" boolean DEFAULT false NOT NULL,
	"notify_sms" boolean DEFAULT false NOT NULL,
	"sms_reminder_minutes" integer,
	"lang" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_end_after_start" CHECK ("appointments"."end_at" > "appointments"."start_at")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_appointment_type_id_appointment_types_id_fk" FOREIGN KEY ("appointment_type_id") REFERENCES "public"."appointment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_processor_id_users_id_fk" FOREIGN KEY ("processor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_booked_by_user_id_users_id_fk" FOREIGN KEY ("booked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_account_start_idx" ON "appointments" USING btree ("account_id","start_at");--> statement-breakpoint
CREATE INDEX "appointments_processor_start_idx" ON "appointments" USING btree ("processor_id","start_at");--> statement-breakpoint
CREATE INDEX "appointments_queue_start_idx" ON "appointments" USING btree ("queue_id","start_at");--> statement-breakpoint
CREATE INDEX "appointments_series_idx" ON "appointments" USING btree ("series_id");--> statement-breakpoint
-- Hand-written (drizzle cannot declare an exclusion constraint): no two appointments of one
-- processor that hold time overlap, whoever writes them at once. '[)' lets one end where the
-- next begins. btree_gist gives uuid its equality inside a GiST index; it is a trusted extension
-- (PostgreSQL 13+) and PGlite loads it in db/connect.ts.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap" EXCLUDE USING gist ("processor_id" WITH =, tstzrange("start_at", "end_at", '[)') WITH &&) WHERE ("cancel_state" IS NULL);
