CREATE TYPE "public"."probing_action" AS ENUM('NOTHING', 'QUESTION', 'QUEUE', 'URL', 'BOOK_APPOINTMENT');--> statement-breakpoint
CREATE TYPE "public"."probing_variant" AS ENUM('ONLINE', 'KIOSK');--> statement-breakpoint
CREATE TABLE "probing_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"question_id" uuid,
	"option_id" uuid,
	"step" integer NOT NULL,
	"question_text" text NOT NULL,
	"option_text" text NOT NULL,
	"free_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "probing_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"action" "probing_action" NOT NULL,
	"target_question_id" uuid,
	"target_queue_id" uuid,
	"target_url" text,
	"appointment_type_id" uuid,
	"message" text,
	"button_text" text,
	"info_tag_id" uuid,
	"allow_free_text" boolean DEFAULT false NOT NULL,
	CONSTRAINT "probing_options_target_matches_action" CHECK (
    ("probing_options"."action" = 'QUESTION') = ("probing_options"."target_question_id" IS NOT NULL)
    AND ("probing_options"."action" = 'QUEUE') = ("probing_options"."target_queue_id" IS NOT NULL)
    AND ("probing_options"."action" = 'URL') = ("probing_options"."target_url" IS NOT NULL)
    AND ("probing_options"."action" = 'BOOK_APPOINTMENT') = ("probing_options"."appointment_type_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "probing_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"variant" "probing_variant" NOT NULL,
	"text" text NOT NULL,
	"ask_first" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "probing_answers" ADD CONSTRAINT "probing_answers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "probing_answers" ADD CONSTRAINT "probing_answers_member_id_queue_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."queue_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "probing_answers" ADD CONSTRAINT "probing_answers_question_id_probing_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."probing_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "probing_answers" ADD CONSTRAINT "probing_answers_option_id_probing_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."probing_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "probing_options" ADD CONSTRAINT "probing_options_question_id_probing_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."probing_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "probing_options" ADD CONSTRAINT "probing_options_target_question_id_probing_questions_id_fk" FOREIGN KEY ("target_question_id") REFERENCES "public"."probing_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "probing_options" ADD CONSTRAINT "probing_options_target_queue_id_queues_id_fk" FOREIGN KEY ("target_queue_id") REFERENCES "public"."queues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "probing_options" ADD CONSTRAINT "probing_options_appointment_type_id_appointment_types_id_fk" FOREIGN KEY ("appointment_type_id") REFERENCES "public"."appointment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "probing_options" ADD CONSTRAINT "probing_options_info_tag_id_info_tags_id_fk" FOREIGN KEY ("info_tag_id") REFERENCES "public"."info_tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "probing_questions" ADD CONSTRAINT "probing_questions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "probing_questions" ADD CONSTRAINT "probing_questions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "probing_answers_member_step" ON "probing_answers" USING btree ("member_id","step");--> statement-breakpoint
CREATE INDEX "probing_answers_option_idx" ON "probing_answers" USING btree ("option_id","created_at");--> statement-breakpoint
CREATE INDEX "probing_answers_question_idx" ON "probing_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "probing_options_question_idx" ON "probing_options" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "probing_questions_profile_idx" ON "probing_questions" USING btree ("profile_id","variant","position");--> statement-breakpoint
CREATE UNIQUE INDEX "probing_questions_one_first" ON "probing_questions" USING btree ("profile_id","variant") WHERE "probing_questions"."ask_first";