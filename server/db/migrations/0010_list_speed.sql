-- Lists at a million offers. Every list leaves deleted offers out (status <> 'deleted'), so its indexes are
-- partial on the live rows; each ends with the sort the list engine writes (x ASC NULLS FIRST, id ASC, scanned
-- backwards for x DESC NULLS LAST, id DESC), so a page is read off the index in order and stops after
-- LIMIT + OFFSET rows instead of sorting every match. Equality filters (product, status, supplier) lead.
CREATE INDEX IF NOT EXISTS "offers_live_product_status_price_idx" ON "offers" ("product_id", "status", "unit_price" NULLS FIRST, "id") WHERE "status" <> 'deleted';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_live_status_price_idx" ON "offers" ("status", "unit_price" NULLS FIRST, "id") WHERE "status" <> 'deleted';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_live_price_idx" ON "offers" ("unit_price" NULLS FIRST, "id") WHERE "status" <> 'deleted';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_live_status_created_idx" ON "offers" ("status", "created_at" NULLS FIRST, "id") WHERE "status" <> 'deleted';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_live_created_idx" ON "offers" ("created_at" NULLS FIRST, "id") WHERE "status" <> 'deleted';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_live_product_status_idx" ON "offers" ("product_id", "status", "id") WHERE "status" <> 'deleted';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_live_supplier_status_idx" ON "offers" ("supplier_id", "status", "id") WHERE "status" <> 'deleted';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_live_status_idx" ON "offers" ("status", "id") WHERE "status" <> 'deleted';
--> statement-breakpoint
-- superseded by the partial ones above (same leading columns, the engine's null order, live rows only)
DROP INDEX IF EXISTS "offers_product_status_price_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "offers_status_price_idx";
--> statement-breakpoint
-- The per-request read of session, user, role permissions and hidden fields is cached in each app instance
-- (server/accounts/authCache.ts) and checked against this one counter, read at the start of every signed-in
-- request: any statement that changes what the cache holds bumps it in its own transaction, so the change and
-- the new value commit together and the next request on every instance reloads. A BEFORE STATEMENT trigger
-- takes the counter's row lock before the statement locks any row of its own: auth changes queue in one order
-- and cannot deadlock on it. Sessions' last_seen_at (written once a minute) does not bump it.
CREATE TABLE IF NOT EXISTS "auth_epoch" (
  "id" integer PRIMARY KEY DEFAULT 1 CONSTRAINT "auth_epoch_one_row" CHECK ("id" = 1),
  "epoch" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "auth_epoch" ("id", "epoch") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "auth_epoch_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "auth_epoch" SET "epoch" = "epoch" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_auth_epoch" BEFORE UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "auth_epoch_bump"();
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_epoch" BEFORE UPDATE OF "user_id", "token_hash", "expires_at", "revoked_at" OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "auth_epoch_bump"();
--> statement-breakpoint
CREATE TRIGGER "role_permissions_auth_epoch" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "auth_epoch_bump"();
--> statement-breakpoint
CREATE TRIGGER "role_hidden_fields_auth_epoch" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_hidden_fields" FOR EACH STATEMENT EXECUTE FUNCTION "auth_epoch_bump"();
