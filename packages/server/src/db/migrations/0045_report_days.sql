CREATE TABLE "report_days" (
	"account_id" uuid NOT NULL,
	"queue_id" uuid,
	"day" date NOT NULL,
	"grain" smallint NOT NULL,
	"processor_id" uuid,
	"origin" "draw_origin",
	"info_tag_id" uuid,
	"drawn" integer DEFAULT 0 NOT NULL,
	"served" integer DEFAULT 0 NOT NULL,
	"cancelled_by_patient" integer DEFAULT 0 NOT NULL,
	"cancelled_by_staff" integer DEFAULT 0 NOT NULL,
	"timed_out" integer DEFAULT 0 NOT NULL,
	"session_end" integer DEFAULT 0 NOT NULL,
	"estimated" integer DEFAULT 0 NOT NULL,
	"within_estimate" integer DEFAULT 0 NOT NULL,
	"appointments_booked" integer DEFAULT 0 NOT NULL,
	"appointments_cancelled" integer DEFAULT 0 NOT NULL,
	"appointments_no_show" integer DEFAULT 0 NOT NULL,
	"wait_buckets" integer[] DEFAULT '{}' NOT NULL,
	"wait_counts" integer[] DEFAULT '{}' NOT NULL,
	"processing_buckets" integer[] DEFAULT '{}' NOT NULL,
	"processing_counts" integer[] DEFAULT '{}' NOT NULL,
	"error_buckets" integer[] DEFAULT '{}' NOT NULL,
	"error_counts" integer[] DEFAULT '{}' NOT NULL,
	"arrivals" integer[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_lists" (
	"queue_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"aggregated_through" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_stale_days" (
	"queue_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "report_stale_days_queue_id_day_pk" PRIMARY KEY("queue_id","day")
);
--> statement-breakpoint
ALTER TABLE "report_days" ADD CONSTRAINT "report_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_days" ADD CONSTRAINT "report_days_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_days" ADD CONSTRAINT "report_days_processor_id_users_id_fk" FOREIGN KEY ("processor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_days" ADD CONSTRAINT "report_days_info_tag_id_info_tags_id_fk" FOREIGN KEY ("info_tag_id") REFERENCES "public"."info_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_lists" ADD CONSTRAINT "report_lists_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_lists" ADD CONSTRAINT "report_lists_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_stale_days" ADD CONSTRAINT "report_stale_days_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_days_account_day_idx" ON "report_days" USING btree ("account_id","grain","day","queue_id");--> statement-breakpoint
CREATE INDEX "report_days_queue_day_idx" ON "report_days" USING btree ("queue_id","day");--> statement-breakpoint
CREATE INDEX "report_lists_account_idx" ON "report_lists" USING btree ("account_id");--> statement-breakpoint
-- A change to a ticket, an appointment or a ticket's tags on a list-day already aggregated marks
-- that day stale; the catch-up job (modules/reports/days.jobs.ts) aggregates it again. One
-- statement-level trigger per table owns the rule for every writer (staff, patients, jobs, imports);
-- which day a row belongs to (its list's location clock, against the list's mark) is said once here.
CREATE FUNCTION report_mark_stale(queue_ids uuid[], instants timestamptz[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_stale_days (queue_id, day)
  SELECT DISTINCT c.queue_id, (c.instant AT TIME ZONE p.time_zone)::date
  FROM unnest(queue_ids, instants) AS c(queue_id, instant)
    JOIN report_lists r ON r.queue_id = c.queue_id JOIN queues q ON q.id = c.queue_id JOIN profiles p ON p.id = q.profile_id
  WHERE (c.instant AT TIME ZONE p.time_zone)::date <= r.aggregated_through
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
CREATE FUNCTION report_mark_stale_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM report_mark_stale(array(SELECT queue_id FROM new_rows), array(SELECT created_at FROM new_rows));
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM report_mark_stale(array(SELECT queue_id FROM old_rows), array(SELECT created_at FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_stale_members_insert AFTER INSERT ON queue_members REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_stale_members();
--> statement-breakpoint
CREATE TRIGGER report_stale_members_update AFTER UPDATE ON queue_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_stale_members();
--> statement-breakpoint
CREATE TRIGGER report_stale_members_delete AFTER DELETE ON queue_members REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_stale_members();
--> statement-breakpoint
CREATE FUNCTION report_mark_stale_appointments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM report_mark_stale(array(SELECT queue_id FROM new_rows), array(SELECT start_at FROM new_rows));
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM report_mark_stale(array(SELECT queue_id FROM old_rows), array(SELECT start_at FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_stale_appointments_insert AFTER INSERT ON appointments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_stale_appointments();
--> statement-breakpoint
CREATE TRIGGER report_stale_appointments_update AFTER UPDATE ON appointments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_stale_appointments();
--> statement-breakpoint
CREATE TRIGGER report_stale_appointments_delete AFTER DELETE ON appointments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_stale_appointments();
--> statement-breakpoint
CREATE FUNCTION report_mark_stale_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_mark_stale(array(SELECT m.queue_id FROM new_rows c JOIN queue_members m ON m.id = c.member_id ORDER BY c.member_id),
      array(SELECT m.created_at FROM new_rows c JOIN queue_members m ON m.id = c.member_id ORDER BY c.member_id));
  ELSE
    PERFORM report_mark_stale(array(SELECT m.queue_id FROM old_rows c JOIN queue_members m ON m.id = c.member_id ORDER BY c.member_id),
      array(SELECT m.created_at FROM old_rows c JOIN queue_members m ON m.id = c.member_id ORDER BY c.member_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_stale_tags_insert AFTER INSERT ON queue_member_info_tags REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_stale_tags();
--> statement-breakpoint
CREATE TRIGGER report_stale_tags_delete AFTER DELETE ON queue_member_info_tags REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_mark_stale_tags();
