ALTER TABLE "profiles" ADD COLUMN "kiosk_printing" text DEFAULT 'OFF' NOT NULL;--> statement-breakpoint
-- Hand-written data change (issue 40, point 3): locations that existed before kiosk printing
-- became a setting printed through the browser; they keep doing so. New locations start OFF,
-- and so does the demo practice (seed-demo.ts): its visitors must not meet a print dialog.
UPDATE "profiles" SET "kiosk_printing" = 'BROWSER'
WHERE "account_id" NOT IN (SELECT "id" FROM "accounts" WHERE "identifier" = 'praxis-demo');
