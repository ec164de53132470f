CREATE TYPE "public"."info_tag_delay" AS ENUM('EARLIER', 'LATER', 'NONE');--> statement-breakpoint
CREATE TYPE "public"."job_status" AS ENUM('PENDING', 'RUNNING', 'DONE', 'FAILED', 'MISSED');--> statement-breakpoint
CREATE TYPE "public"."logo_placement" AS ENUM('NONE', 'TOP', 'BOTTOM');--> statement-breakpoint
CREATE TYPE "public"."patient_input_mode" AS ENUM('REQUIRED', 'OPTIONAL', 'NONE');--> statement-breakpoint
CREATE TYPE "public"."session_event" AS ENUM('START', 'TERMINATE', 'BLOCK', 'SUSPEND_ONLINE_FIXED', 'RESUME_ONLINE_FIXED', 'SUSPEND_ONLINE_TIMED', 'SUSPEND_KIOSK_FIXED', 'RESUME_KIOSK_FIXED', 'SUSPEND_KIOSK_TIMED', 'CHANGE_MAX_CONCURRENT_PROCESSING');--> statement-breakpoint
CREATE TYPE "public"."session_event_source" AS ENUM('USER', 'SCHEDULE', 'JOB');--> statement-breakpoint
CREATE TABLE "info_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"label" text,
	"color" text,
	"delay" "info_tag_delay" DEFAULT 'NONE' NOT NULL,
	"delay_minutes" integer DEFAULT 0 NOT NULL,
	"time_priority" boolean DEFAULT false NOT NULL,
	"visible_on_ticket" boolean DEFAULT true NOT NULL,
	"ticket_text" text,
	"hide_times_on_ticket" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "info_tags_no_delay_is_zero" CHECK ("info_tags"."delay" <> 'NONE' OR "info_tags"."delay_minutes" = 0),
	CONSTRAINT "info_tags_delay_not_negative" CHECK ("info_tags"."delay_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "job_status" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"locked_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_session_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"queue_id" uuid NOT NULL,
	"event" "session_event" NOT NULL,
	"source" "session_event_source" NOT NULL,
	"user_id" uuid,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_schedule_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"queue_id" uuid NOT NULL,
	"event" "session_event" NOT NULL,
	"weekday" smallint NOT NULL,
	"local_time" text NOT NULL,
	"activated" boolean DEFAULT true NOT NULL,
	"valid_on_holiday" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_schedule_entries_weekday" CHECK ("session_schedule_entries"."weekday" BETWEEN 1 AND 7),
	CONSTRAINT "session_schedule_entries_time" CHECK ("session_schedule_entries"."local_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "street1" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "postcode" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "province" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "address_country" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_sessions" ADD COLUMN "blocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_sessions" ADD COLUMN "online_suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queue_sessions" ADD COLUMN "kiosk_suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queue_sessions" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "kiosk_text_before" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "kiosk_text_after" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "ticket_text_before" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "ticket_text_after" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "monitor_text" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "opening_hours" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "draw_online_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "wait_time_calculation_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "kiosk_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "preprocessing_buffer_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "number_start" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "number_end" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "timeout_minutes" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "automatically_next" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "color" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "accent_color" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "min_age" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "max_age" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "logo_placement_ticket" "logo_placement" DEFAULT 'TOP' NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "logo_placement_kiosk" "logo_placement" DEFAULT 'TOP' NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "patient_inputs" jsonb DEFAULT '{"display_name":"NONE","first_name":"NONE","birth_date":"NONE","insurance_number":"NONE","mail":"NONE","phone":"NONE"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "ask_patient_for_language" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "allow_move_appointment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "may_activate_sms_notifications" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "show_processor_on_processing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "allow_actual_processor_selection_for_non_active_processors" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "display_monitor_on_kiosk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "button_visibility" jsonb DEFAULT '{"suspend_online":"EVERYBODY","suspend_kiosk":"EVERYBODY","queue_opened":"EVERYBODY","terminate":"EVERYBODY"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "name_order" "name_order" DEFAULT 'FIRST_LAST' NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "always_show_probing_questions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "smart_suspend_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "info_tags" ADD CONSTRAINT "info_tags_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_session_events" ADD CONSTRAINT "queue_session_events_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_session_events" ADD CONSTRAINT "queue_session_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_schedule_entries" ADD CONSTRAINT "session_schedule_entries_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "info_tags_account_idx" ON "info_tags" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_kind_key_unique" ON "jobs" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "queue_session_events_queue_idx" ON "queue_session_events" USING btree ("queue_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "session_schedule_entries_unique" ON "session_schedule_entries" USING btree ("queue_id","event","weekday","local_time");--> statement-breakpoint
CREATE UNIQUE INDEX "queues_one_default_per_profile" ON "queues" USING btree ("profile_id") WHERE "queues"."is_default";--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_priority_values" CHECK ("queues"."priority" IN (1, 5, 10, 100, 500));--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_number_range" CHECK ("queues"."number_end" IS NULL OR ("queues"."number_start" IS NOT NULL AND "queues"."number_start" <= "queues"."number_end"));--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_ages_not_zero" CHECK (("queues"."min_age" IS NULL OR "queues"."min_age" > 0) AND ("queues"."max_age" IS NULL OR "queues"."max_age" > 0));