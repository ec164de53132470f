CREATE TYPE "public"."freed_time_reason" AS ENUM('CANCELLED', 'MOVED', 'DELETED', 'OFFER_TAKEN', 'ABSENCE_REMOVED', 'HOURS_ADDED');--> statement-breakpoint
CREATE TYPE "public"."freed_time_state" AS ENUM('OPEN', 'FILLED', 'LAPSED');--> statement-breakpoint
CREATE TYPE "public"."offer_state" AS ENUM('PENDING', 'SENT', 'ACCEPTED', 'DECLINED', 'LOST', 'EXPIRED');--> statement-breakpoint
CREATE TABLE "appointment_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"freed_time_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"round" smallint NOT NULL,
	"state" "offer_state" DEFAULT 'PENDING' NOT NULL,
	"token_hash" text,
	"channels" text[] DEFAULT '{}'::text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freed_times" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"appointment_type_id" uuid NOT NULL,
	"processor_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"reason" "freed_time_reason" NOT NULL,
	"state" "freed_time_state" DEFAULT 'OPEN' NOT NULL,
	"round" smallint DEFAULT 0 NOT NULL,
	"freed_at" timestamp with time zone NOT NULL,
	"from_appointment_id" uuid,
	"filled_at" timestamp with time zone,
	"filled_by_appointment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_types" ADD COLUMN "offer_count" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD COLUMN "offer_minutes" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD COLUMN "confirm_hours_before" smallint;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD COLUMN "unconfirmed_mark_hours" smallint DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "earlier_wanted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "earlier_not_before" date;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "earlier_times" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmation_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "unconfirmed_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "quiet_hours_start" text DEFAULT '20:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "quiet_hours_end" text DEFAULT '08:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_offers" ADD CONSTRAINT "appointment_offers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_offers" ADD CONSTRAINT "appointment_offers_freed_time_id_freed_times_id_fk" FOREIGN KEY ("freed_time_id") REFERENCES "public"."freed_times"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_offers" ADD CONSTRAINT "appointment_offers_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freed_times" ADD CONSTRAINT "freed_times_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freed_times" ADD CONSTRAINT "freed_times_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freed_times" ADD CONSTRAINT "freed_times_appointment_type_id_appointment_types_id_fk" FOREIGN KEY ("appointment_type_id") REFERENCES "public"."appointment_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freed_times" ADD CONSTRAINT "freed_times_processor_id_users_id_fk" FOREIGN KEY ("processor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freed_times" ADD CONSTRAINT "freed_times_from_appointment_id_appointments_id_fk" FOREIGN KEY ("from_appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freed_times" ADD CONSTRAINT "freed_times_filled_by_appointment_id_appointments_id_fk" FOREIGN KEY ("filled_by_appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_offers_token_unique" ON "appointment_offers" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_offers_once" ON "appointment_offers" USING btree ("freed_time_id","appointment_id");--> statement-breakpoint
CREATE INDEX "appointment_offers_appointment_idx" ON "appointment_offers" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "appointment_offers_account_created_idx" ON "appointment_offers" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "freed_times_account_freed_idx" ON "freed_times" USING btree ("account_id","freed_at");--> statement-breakpoint
CREATE INDEX "freed_times_type_start_idx" ON "freed_times" USING btree ("appointment_type_id","start_at");--> statement-breakpoint
CREATE INDEX "appointments_earlier_idx" ON "appointments" USING btree ("appointment_type_id","start_at") WHERE "appointments"."earlier_wanted_at" IS NOT NULL;