ALTER TABLE "login_failures" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "login_failures_address_idx" ON "login_failures" USING btree ("address","failed_at");