CREATE TYPE "public"."alert_channel" AS ENUM('PUSH', 'SMS');--> statement-breakpoint
CREATE TYPE "public"."alert_kind" AS ENUM('AHEAD', 'MINUTES', 'CALLED');--> statement-breakpoint
CREATE TYPE "public"."alert_state" AS ENUM('SENDING', 'SENT', 'FAILED', 'DROPPED');--> statement-breakpoint
CREATE TABLE "alert_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"channel" "alert_channel" NOT NULL,
	"kind" "alert_kind" NOT NULL,
	"state" "alert_state" DEFAULT 'SENDING' NOT NULL,
	"ahead" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"channel" "alert_channel" NOT NULL,
	"endpoint" text,
	"p256dh" text,
	"auth" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_subscriptions_target" CHECK (("alert_subscriptions"."channel" = 'PUSH' AND "alert_subscriptions"."endpoint" IS NOT NULL AND "alert_subscriptions"."p256dh" IS NOT NULL AND "alert_subscriptions"."auth" IS NOT NULL) OR ("alert_subscriptions"."channel" = 'SMS' AND "alert_subscriptions"."phone" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "push_keys" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_keys_one_row" CHECK ("push_keys"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "alert_members_ahead" integer DEFAULT 2;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "alert_minutes_left" integer DEFAULT 10;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_member_id_queue_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."queue_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_member_id_queue_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."queue_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_once" ON "alert_deliveries" USING btree ("member_id","channel",("kind" = 'CALLED'));--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscriptions_member_channel" ON "alert_subscriptions" USING btree ("member_id","channel");--> statement-breakpoint
-- An alert goes out only for an open ticket (docs/product.md#alerts): AHEAD and MINUTES while it
-- waits, CALLED while it is being processed. FOR SHARE holds the ticket until the claim commits,
-- so a cancel running at the same time waits for it — and then drops it (below).
CREATE FUNCTION alert_delivery_for_open_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM queue_members m
   WHERE m.id = NEW.member_id AND m.cancel_state IS NULL
     AND m.status = (CASE WHEN NEW.kind = 'CALLED' THEN 'PROCESSING' ELSE 'WAITING' END)::member_status
   FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no alert for ticket %: it is not open', NEW.member_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER alert_deliveries_open_ticket BEFORE INSERT ON alert_deliveries
  FOR EACH ROW EXECUTE FUNCTION alert_delivery_for_open_ticket();
--> statement-breakpoint
-- A ticket that ends (finished, cancelled, timed out, closed with its session): the phone number
-- and push endpoint it was alerted at go at once, and an alert still on its way is dropped.
CREATE FUNCTION alerts_end_with_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status NOT IN ('WAITING', 'PROCESSING') OR NEW.cancel_state IS NOT NULL THEN
    DELETE FROM alert_subscriptions WHERE member_id = NEW.id;
    UPDATE alert_deliveries SET state = 'DROPPED', finished_at = now() WHERE member_id = NEW.id AND state = 'SENDING';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER queue_members_end_alerts AFTER UPDATE OF status, cancel_state ON queue_members
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.cancel_state IS DISTINCT FROM NEW.cancel_state)
  EXECUTE FUNCTION alerts_end_with_ticket();
