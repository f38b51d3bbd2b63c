-- Issue 49: 'Финансы', a right of its own. Payments, a buyer's credit limit, payment terms and deferral, deleting a
-- completed sale, a quote's price below the lot's band and a credit override are the finance right's; the right to
-- exceed credit limits (issue 37) was its first part, so a role that had it has the finance right now.
UPDATE "role_permissions" SET "action" = 'finance' WHERE "resource" = 'buyers' AND "action" = 'exceed_credit'
  AND NOT EXISTS (SELECT 1 FROM "role_permissions" f WHERE f."role_id" = "role_permissions"."role_id" AND f."resource" = 'buyers' AND f."action" = 'finance');--> statement-breakpoint
DELETE FROM "role_permissions" WHERE "resource" = 'buyers' AND "action" = 'exceed_credit';--> statement-breakpoint
-- how long an administrator may hold a quote's prices (a quote is held to the business day + reserve_hold_days)
INSERT INTO "business_settings" ("name", "value") VALUES ('quote_max_days', '14') ON CONFLICT ("name") DO NOTHING;
