CREATE TYPE "public"."appointment_slot_kind" AS ENUM('WEEK', 'SINGLE', 'SINGLE_NEGATE');--> statement-breakpoint
CREATE TABLE "appointment_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"kind" "appointment_slot_kind" NOT NULL,
	"weekday" smallint,
	"date" date,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"processor_id" uuid NOT NULL,
	"appointment_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"min_hours_in_advance" integer DEFAULT 0 NOT NULL,
	"max_hours_in_advance" integer,
	"required_fields" jsonb DEFAULT '{"last_name":"REQUIRED","first_name":"REQUIRED","birth_date":"OPTIONAL","mail":"REQUIRED","phone":"OPTIONAL","insurance_number":"NONE"}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_slots_day" CHECK (("appointment_slots"."kind" = 'WEEK') = ("appointment_slots"."weekday" IS NOT NULL AND "appointment_slots"."date" IS NULL) AND ("appointment_slots"."weekday" IS NOT NULL OR "appointment_slots"."date" IS NOT NULL)),
	CONSTRAINT "appointment_slots_weekday_range" CHECK ("appointment_slots"."weekday" IS NULL OR "appointment_slots"."weekday" BETWEEN 1 AND 7),
	CONSTRAINT "appointment_slots_end_after_start" CHECK ("appointment_slots"."end_time" > "appointment_slots"."start_time")
);
--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD CONSTRAINT "appointment_slots_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD CONSTRAINT "appointment_slots_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD CONSTRAINT "appointment_slots_processor_id_users_id_fk" FOREIGN KEY ("processor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_slots_profile_idx" ON "appointment_slots" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "appointment_slots_processor_idx" ON "appointment_slots" USING btree ("processor_id");