CREATE TABLE "client_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_time" timestamp with time zone,
	"req_length" integer,
	"method" text NOT NULL,
	"base_url" text NOT NULL,
	"url" text NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE INDEX "client_failures_received" ON "client_failures" USING btree ("received_at");