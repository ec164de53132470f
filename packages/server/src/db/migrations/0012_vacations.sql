CREATE TYPE "public"."vacation_type" AS ENUM('VACATION', 'SUBSTITUTION');--> statement-breakpoint
CREATE TABLE "vacations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"type" "vacation_type" NOT NULL,
	"whole_days" boolean DEFAULT false NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"start_date" date,
	"end_date" date,
	"absent_processor_id" uuid NOT NULL,
	"substitute_processor_id" uuid,
	"consider_existing_appointments" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vacations_period" CHECK (CASE WHEN "vacations"."whole_days" THEN "vacations"."start_date" IS NOT NULL AND "vacations"."end_date" >= "vacations"."start_date" AND "vacations"."start_at" IS NULL AND "vacations"."end_at" IS NULL
        ELSE "vacations"."start_at" IS NOT NULL AND "vacations"."end_at" > "vacations"."start_at" AND "vacations"."start_date" IS NULL AND "vacations"."end_date" IS NULL END),
	CONSTRAINT "vacations_substitute" CHECK (("vacations"."type" = 'SUBSTITUTION') = ("vacations"."substitute_processor_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "vacations" ADD CONSTRAINT "vacations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacations" ADD CONSTRAINT "vacations_absent_processor_id_users_id_fk" FOREIGN KEY ("absent_processor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacations" ADD CONSTRAINT "vacations_substitute_processor_id_users_id_fk" FOREIGN KEY ("substitute_processor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vacations_account_idx" ON "vacations" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "vacations_absent_idx" ON "vacations" USING btree ("absent_processor_id");