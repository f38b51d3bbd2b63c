-- Issue 22: reserves that expire ('Резерв до', the business setting reserve_hold_days, status 'expired') and the
-- users' notifications.
ALTER TABLE "reserves" ADD COLUMN "reserved_until" date;--> statement-breakpoint
INSERT INTO "business_settings" ("name", "value") VALUES ('reserve_hold_days', '5') ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
-- The active reserves made before hold a full term from today (never past their estimated date while it is ahead),
-- so none expires on the first start. Their versions stay: an open card's next save is no stale one.
ALTER TABLE "reserves" DISABLE TRIGGER reserves_version;--> statement-breakpoint
UPDATE "reserves" SET "reserved_until" = LEAST(current_date + 5, GREATEST("estimated_date_implementation", current_date))
WHERE "status" = 'active';--> statement-breakpoint
ALTER TABLE "reserves" ENABLE TRIGGER reserves_version;--> statement-breakpoint
CREATE INDEX "reserves_due_idx" ON "reserves" USING btree ("reserved_until") WHERE "status" = 'active';--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"section" text NOT NULL,
	"record_id" integer NOT NULL,
	"text" text NOT NULL,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "read_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_idx" ON "notifications" USING btree ("user_id","dedupe_key");
