ALTER TABLE "users" ALTER COLUMN "button_visibility" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "button_visibility" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "name_order" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "name_order" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "room" text;--> statement-breakpoint
-- Until now the defaults meant "as the list says": they become the explicit "not set".
UPDATE "users" SET "button_visibility" = NULL WHERE "button_visibility" = 'EVERYBODY';--> statement-breakpoint
UPDATE "users" SET "name_order" = NULL WHERE "name_order" = 'FIRST_LAST';
