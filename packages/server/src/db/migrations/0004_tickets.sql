CREATE TYPE "public"."member_cancel_state" AS ENUM('USER', 'PROCESSOR', 'TIMEOUT', 'SESSION_END');--> statement-breakpoint
CREATE TYPE "public"."draw_origin" AS ENUM('ONLINE', 'KIOSK', 'MANUAL');--> statement-breakpoint
CREATE TYPE "public"."member_status" AS ENUM('WAITING', 'PROCESSING', 'FINISHED_BY_PROCESSOR', 'FINISHED_BY_TIMEOUT', 'FINISHED_BY_USER');--> statement-breakpoint
CREATE TABLE "queue_member_info_tags" (
	"member_id" uuid NOT NULL,
	"info_tag_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_member_info_tags_member_id_info_tag_id_pk" PRIMARY KEY("member_id","info_tag_id")
);
--> statement-breakpoint
CREATE TABLE "queue_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"queue_id" uuid NOT NULL,
	"number_queue_id" uuid NOT NULL,
	"session_no" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"number" integer NOT NULL,
	"status" "member_status" DEFAULT 'WAITING' NOT NULL,
	"cancel_state" "member_cancel_state",
	"removed" boolean DEFAULT false NOT NULL,
	"origin" "draw_origin" NOT NULL,
	"silent" boolean DEFAULT false NOT NULL,
	"called_silently" boolean DEFAULT false NOT NULL,
	"drawn_by_user_id" uuid,
	"processor_id" uuid,
	"order_at" timestamp with time zone NOT NULL,
	"priority_shift_minutes" integer DEFAULT 0 NOT NULL,
	"display_name" text,
	"first_name" text,
	"last_name" text,
	"birth_date" text,
	"insurance_number" text,
	"mail" text,
	"phone" text,
	"lang" text,
	"first_estimated_start" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actual_start" timestamp with time zone,
	"actual_end" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "queue_members_user_cancel" CHECK ("queue_members"."status" <> 'FINISHED_BY_USER' OR "queue_members"."cancel_state" = 'USER'),
	CONSTRAINT "queue_members_processing_not_cancelled" CHECK ("queue_members"."status" <> 'PROCESSING' OR "queue_members"."cancel_state" IS NULL)
);
--> statement-breakpoint
ALTER TABLE "queue_sessions" ADD COLUMN "session_no" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_sessions" ADD COLUMN "last_ordinal" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "number_wrap" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_member_info_tags" ADD CONSTRAINT "queue_member_info_tags_member_id_queue_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."queue_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_member_info_tags" ADD CONSTRAINT "queue_member_info_tags_info_tag_id_info_tags_id_fk" FOREIGN KEY ("info_tag_id") REFERENCES "public"."info_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_members" ADD CONSTRAINT "queue_members_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_members" ADD CONSTRAINT "queue_members_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_members" ADD CONSTRAINT "queue_members_drawn_by_user_id_users_id_fk" FOREIGN KEY ("drawn_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_members" ADD CONSTRAINT "queue_members_processor_id_users_id_fk" FOREIGN KEY ("processor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_member_info_tags_tag_idx" ON "queue_member_info_tags" USING btree ("info_tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_members_ordinal_unique" ON "queue_members" USING btree ("number_queue_id","session_no","ordinal");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_members_open_number_unique" ON "queue_members" USING btree ("number_queue_id","number") WHERE "queue_members"."status" IN ('WAITING', 'PROCESSING');--> statement-breakpoint
CREATE INDEX "queue_members_line_idx" ON "queue_members" USING btree ("queue_id","order_at","ordinal") WHERE "queue_members"."status" = 'WAITING' AND "queue_members"."cancel_state" IS NULL;--> statement-breakpoint
CREATE INDEX "queue_members_queue_status_idx" ON "queue_members" USING btree ("queue_id","status");--> statement-breakpoint
CREATE INDEX "queue_members_finished_idx" ON "queue_members" USING btree ("queue_id","actual_end") WHERE "queue_members"."status" = 'FINISHED_BY_PROCESSOR';--> statement-breakpoint
CREATE INDEX "queue_members_account_idx" ON "queue_members" USING btree ("account_id");