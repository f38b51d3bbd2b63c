-- Issue 37: buyers are a section; a reserve belongs to a buyer; a completed reserve is a sale owed until its
-- payments cover it.
CREATE TABLE "buyers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"inn" text,
	"kpp" text,
	"city_id" integer REFERENCES "cities"("id"),
	"delivery_address" text,
	"contact_person" text,
	"phone" text,
	"email" text,
	"responsible_id" integer REFERENCES "employees"("id"),
	"payment_terms" text DEFAULT 'prepay' NOT NULL,
	"deferral_days" integer,
	"credit_limit" numeric(14, 2),
	"created_by" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_from" text,
	CONSTRAINT "buyers_payment_terms_check" CHECK ("payment_terms" IN ('prepay', 'deferral')),
	CONSTRAINT "buyers_deferral_days_check" CHECK ("deferral_days" IS NULL OR "deferral_days" BETWEEN 1 AND 180),
	CONSTRAINT "buyers_credit_limit_check" CHECK ("credit_limit" IS NULL OR "credit_limit" >= 0)
);--> statement-breakpoint
CREATE INDEX "buyers_status_idx" ON "buyers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "buyers_inn_idx" ON "buyers" USING btree ("inn");--> statement-breakpoint
CREATE INDEX "buyers_responsible_idx" ON "buyers" USING btree ("responsible_id");--> statement-breakpoint
CREATE TRIGGER buyers_version BEFORE UPDATE ON "buyers" FOR EACH ROW EXECUTE FUNCTION bump_record_version();--> statement-breakpoint
CREATE TRIGGER buyers_deleted_from BEFORE UPDATE OF status ON "buyers" FOR EACH ROW EXECUTE FUNCTION remember_deleted_from();--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "buyer_id" integer REFERENCES "buyers"("id");--> statement-breakpoint
CREATE INDEX "reserves_buyer_idx" ON "reserves" USING btree ("buyer_id", "status");--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"reserve_id" integer NOT NULL REFERENCES "reserves"("id"),
	"date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"comment" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "payments_amount_check" CHECK ("amount" > 0)
);--> statement-breakpoint
CREATE INDEX "payments_reserve_idx" ON "payments" USING btree ("reserve_id") WHERE NOT "deleted";--> statement-breakpoint
CREATE TRIGGER payments_version BEFORE UPDATE ON "payments" FOR EACH ROW EXECUTE FUNCTION bump_record_version();--> statement-breakpoint
-- a prepayment buyer's reserve holds this many days instead of reserve_hold_days
INSERT INTO "business_settings" ("name", "value") VALUES ('reserve_unpaid_days', '2') ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
-- rights: a role reads and writes buyers as it does reserves, but the warehouse (role 8) and the suppliers' roles
-- see no buyers; roles 1 and 8 do not see who created them, as everywhere
INSERT INTO "role_permissions" ("role_id", "resource", "action", "scope")
SELECT rp."role_id", 'buyers', rp."action", rp."scope" FROM "role_permissions" rp
WHERE rp."resource" = 'reserves' AND rp."role_id" <> 8
  AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."role_id" = rp."role_id" AND u."user_type" = 'supplier')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_hidden_fields" ("role_id", "resource", "field")
SELECT r."id", 'buyers', 'created_by' FROM "roles" r WHERE r."id" IN (1, 8)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_hidden_fields" ("role_id", "resource", "field")
SELECT r."id", 'reserves', 'buyer' FROM "roles" r WHERE r."id" = 8
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- existing reserves: one buyer per distinct name + phone, with the city, address and responsible of its latest
-- reserve, on prepayment and with no limit (nothing that worked before is refused now)
INSERT INTO "buyers" ("name", "phone", "city_id", "delivery_address", "responsible_id", "created_by", "created_at")
SELECT DISTINCT ON (btrim(r."buyer_name"), coalesce(r."buyer_phone", ''))
  btrim(r."buyer_name"), r."buyer_phone", r."city_id", r."delivery_address", r."responsible_id", r."created_by", r."created_at"
FROM "reserves" r
WHERE r."buyer_name" IS NOT NULL AND btrim(r."buyer_name") <> ''
ORDER BY btrim(r."buyer_name"), coalesce(r."buyer_phone", ''), r."created_at" DESC, r."id" DESC;--> statement-breakpoint
ALTER TABLE "reserves" DISABLE TRIGGER reserves_version;--> statement-breakpoint
UPDATE "reserves" r SET "buyer_id" = b."id" FROM "buyers" b
WHERE b."name" = btrim(r."buyer_name") AND coalesce(b."phone", '') = coalesce(r."buyer_phone", '');--> statement-breakpoint
ALTER TABLE "reserves" ENABLE TRIGGER reserves_version;
