CREATE TYPE "public"."device_order_status" AS ENUM('ORDERED', 'SHIPPED', 'CANCELLED');--> statement-breakpoint
CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"account_id" uuid,
	"stripe_created_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"account_id" uuid NOT NULL,
	"ordered_by" uuid,
	"kiosks" integer NOT NULL,
	"monitors" integer NOT NULL,
	"street1" text NOT NULL,
	"postcode" text NOT NULL,
	"city" text NOT NULL,
	"province" text,
	"country" text NOT NULL,
	"net_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"status" "device_order_status" DEFAULT 'ORDERED' NOT NULL,
	"stripe_invoice_id" text,
	"shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_orders_something" CHECK ("device_orders"."kiosks" >= 0 AND "device_orders"."monitors" >= 0 AND "device_orders"."kiosks" + "device_orders"."monitors" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_mandates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid,
	"setup_intent_id" text NOT NULL,
	"payment_method_id" text,
	"mandate_text" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "default_payment_method_id" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "price_tier" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "not_paid_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "billing_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_orders" ADD CONSTRAINT "device_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_orders" ADD CONSTRAINT "device_orders_ordered_by_users_id_fk" FOREIGN KEY ("ordered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_mandates" ADD CONSTRAINT "payment_mandates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_mandates" ADD CONSTRAINT "payment_mandates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_events_account_idx" ON "billing_events" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "device_orders_account_idx" ON "device_orders" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_mandates_account_idx" ON "payment_mandates" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_stripe_customer_unique" ON "accounts" USING btree ("stripe_customer_id");--> statement-breakpoint
-- Trials begun before billing existed get their reminders and their end as jobs, like new ones.
INSERT INTO "jobs" ("kind", "key", "run_at", "payload")
SELECT 'billing.trial-end', "id"::text, "trial_end", '{}'::jsonb FROM "accounts"
WHERE "subscription_state" = 'trial' AND "trial_end" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "jobs" ("kind", "key", "run_at", "payload")
SELECT 'billing.trial-reminder', "id"::text || ':' || d::text, "trial_end" - make_interval(days => d), jsonb_build_object('days', d) FROM "accounts", unnest(ARRAY[7, 2]) AS d
WHERE "subscription_state" = 'trial' AND "trial_end" IS NOT NULL
ON CONFLICT DO NOTHING;
