CREATE TYPE "public"."monitor_layout" AS ENUM('STANDARD', 'COLUMNS', 'LIST');--> statement-breakpoint
CREATE TYPE "public"."monitor_style" AS ENUM('LIGHT', 'DARK');--> statement-breakpoint
CREATE TABLE "monitor_queues" (
	"monitor_id" uuid NOT NULL,
	"queue_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "monitor_queues_monitor_id_queue_id_pk" PRIMARY KEY("monitor_id","queue_id")
);
--> statement-breakpoint
CREATE TABLE "monitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"identifier" text NOT NULL,
	"display_name" text NOT NULL,
	"layout" "monitor_layout" DEFAULT 'STANDARD' NOT NULL,
	"custom_zoom" integer DEFAULT 100 NOT NULL,
	"style" "monitor_style" DEFAULT 'DARK' NOT NULL,
	"gong" boolean DEFAULT true NOT NULL,
	"speech" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitors_custom_zoom_range" CHECK ("monitors"."custom_zoom" BETWEEN 50 AND 300)
);
--> statement-breakpoint
ALTER TABLE "monitor_queues" ADD CONSTRAINT "monitor_queues_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_queues" ADD CONSTRAINT "monitor_queues_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitors" ADD CONSTRAINT "monitors_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitor_queues_queue_idx" ON "monitor_queues" USING btree ("queue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "monitors_account_identifier_unique" ON "monitors" USING btree ("account_id",lower("identifier"));