CREATE TYPE "public"."webhook_delivery_status" AS ENUM('PENDING', 'DELIVERED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."webhook_disabled_reason" AS ENUM('MANUAL', 'FAILING');--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"account_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"event_type" text NOT NULL,
	"body" text NOT NULL,
	"status" "webhook_delivery_status" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"first_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"leased_by" text,
	"last_response_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_until" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"disabled_reason" "webhook_disabled_reason",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("endpoint_id","seq") WHERE "webhook_deliveries"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_account_idx" ON "webhook_endpoints" USING btree ("account_id");--> statement-breakpoint
-- The webhook outbox (docs/architecture.md#webhooks). Triggers decide which change is which
-- event, in one place for every writer (staff actions, patients' own requests, jobs, imports,
-- series): the delivery rows are written by the statement that changes the ticket or the
-- appointment, so they commit with it and vanish with its rollback. A practice without an
-- endpoint pays one index lookup per change.
CREATE FUNCTION webhook_time(t timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
--> statement-breakpoint
-- One event: one body and one webhook-id, a delivery for every endpoint that subscribed to it.
CREATE FUNCTION webhook_enqueue(p_account uuid, p_type text, p_data jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  message text := 'msg_' || replace(gen_random_uuid()::text, '-', '');
  payload text := jsonb_build_object('type', p_type, 'timestamp', webhook_time(statement_timestamp()), 'data', p_data)::text;
BEGIN
  INSERT INTO webhook_deliveries (account_id, endpoint_id, message_id, event_type, body)
    SELECT p_account, e.id, message, p_type, payload
      FROM webhook_endpoints e
     WHERE e.account_id = p_account AND e.disabled_at IS NULL AND p_type = ANY (e.events)
     ORDER BY e.id;
END $$;
--> statement-breakpoint
-- Tickets: drawn (a new member, also a checked-in appointment's), called (into processing),
-- finished (served), cancelled (by anyone, timed out, ended with the session, or removed
-- without being served). Requeue and restore are no events.
CREATE FUNCTION webhook_ticket_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    kind := 'ticket.drawn';
  ELSIF OLD.cancel_state IS NULL AND (NEW.cancel_state IS NOT NULL OR (NEW.removed AND NOT OLD.removed)) THEN
    kind := 'ticket.cancelled';
  ELSIF NEW.status = 'FINISHED_BY_PROCESSOR' AND OLD.status <> 'FINISHED_BY_PROCESSOR' AND NOT NEW.removed THEN
    kind := 'ticket.finished';
  ELSIF NEW.status = 'PROCESSING' AND OLD.status <> 'PROCESSING' THEN
    kind := 'ticket.called';
  ELSE
    RETURN NULL;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.account_id = NEW.account_id AND e.disabled_at IS NULL) THEN
    RETURN NULL;
  END IF;
  PERFORM webhook_enqueue(NEW.account_id, kind, jsonb_build_object(
    'id', NEW.id,
    'queue_id', NEW.queue_id,
    'profile_id', (SELECT q.profile_id FROM queues q WHERE q.id = NEW.queue_id),
    'number', NEW.number,
    'status', NEW.status,
    'cancel_state', NEW.cancel_state,
    'removed', NEW.removed,
    'origin', NEW.origin,
    'processor_id', NEW.processor_id,
    'appointment_id', NEW.appointment_id,
    'created_at', webhook_time(NEW.created_at),
    'actual_start', webhook_time(NEW.actual_start),
    'actual_end', webhook_time(NEW.actual_end)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER queue_members_webhooks AFTER INSERT OR UPDATE OF status, cancel_state, removed ON queue_members
  FOR EACH ROW EXECUTE FUNCTION webhook_ticket_event();
--> statement-breakpoint
-- Appointments: booked (also restored after a cancel), moved (another time or processor),
-- cancelled (also deleted while it still held its time), checked in.
CREATE FUNCTION webhook_appointment_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text;
  r appointments%ROWTYPE;
  previous jsonb := NULL;
BEGIN
  IF TG_OP = 'DELETE' THEN
    r := OLD;
    IF OLD.cancel_state IS NOT NULL OR OLD.status <> 'BOOKED' THEN RETURN NULL; END IF;
    kind := 'appointment.cancelled';
  ELSE
    r := NEW;
    IF TG_OP = 'INSERT' THEN
      IF NEW.cancel_state IS NOT NULL THEN RETURN NULL; END IF;
      kind := 'appointment.booked';
    ELSIF OLD.cancel_state IS NULL AND NEW.cancel_state IS NOT NULL THEN
      kind := 'appointment.cancelled';
    ELSIF OLD.cancel_state IS NOT NULL AND NEW.cancel_state IS NULL THEN
      kind := 'appointment.booked';
    ELSIF NEW.status = 'CHECKED_IN' AND OLD.status <> 'CHECKED_IN' THEN
      kind := 'appointment.checked_in';
    ELSIF NEW.cancel_state IS NULL AND (NEW.start_at, NEW.end_at, NEW.processor_id) IS DISTINCT FROM (OLD.start_at, OLD.end_at, OLD.processor_id) THEN
      kind := 'appointment.moved';
      previous := jsonb_build_object('start_at', webhook_time(OLD.start_at), 'end_at', webhook_time(OLD.end_at), 'processor_id', OLD.processor_id);
    ELSE
      RETURN NULL;
    END IF;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.account_id = r.account_id AND e.disabled_at IS NULL) THEN
    RETURN NULL;
  END IF;
  PERFORM webhook_enqueue(r.account_id, kind, jsonb_build_object(
    'id', r.id,
    'profile_id', r.profile_id,
    'queue_id', r.queue_id,
    'appointment_type_id', r.appointment_type_id,
    'processor_id', r.processor_id,
    'series_id', r.series_id,
    'start_at', webhook_time(r.start_at),
    'end_at', webhook_time(r.end_at),
    'status', r.status,
    'cancel_state', r.cancel_state,
    'source', r.source,
    'channel', r.channel,
    'checked_in_at', webhook_time(r.checked_in_at),
    'created_at', webhook_time(r.created_at),
    'deleted', TG_OP = 'DELETE')
    || CASE WHEN previous IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('previous', previous) END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_webhooks AFTER INSERT OR UPDATE OF status, cancel_state, start_at, end_at, processor_id OR DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION webhook_appointment_event();
