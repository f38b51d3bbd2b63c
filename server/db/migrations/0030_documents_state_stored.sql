-- Issue 55: an offer's documents state (issue 39) is stored, not computed per row on every read. One SQL expression
-- per offer (the required types crossed with the offer's documents, and three settings' reads) cost ~0.15 ms a
-- row: 15 s an export of 100 000 offers, and a million computations for 'Истекает' over a million offers. Its
-- writers keep it (server/records/documentsState.ts refreshDocumentsState, in each write's own transaction) and the
-- daily job moves it by the calendar: documents_turns_on is the next day it moves by dates alone.
ALTER TABLE "offers" ADD COLUMN "documents_state" text DEFAULT 'ok' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "documents_missing" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "documents_expired" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "documents_blocking" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "documents_expires_on" date;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "documents_turns_on" date;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_documents_state_known" CHECK ("documents_state" IN ('ok', 'expiring', 'expired', 'missing'));--> statement-breakpoint
-- the backfill by the rule as it stands (documentsStateRows) on the business day, keeping every offer's version
SELECT set_config('nutdesk.keep_version', 'on', true);--> statement-breakpoint
WITH o AS (SELECT o.id, o.product_id, o.origin_country AS origin FROM offers o),
  s AS (SELECT (now() AT TIME ZONE coalesce((SELECT value FROM business_settings WHERE name = 'time_zone'), 'Europe/Moscow'))::date AS today,
    coalesce((SELECT bs.value::int FROM business_settings bs WHERE bs.name = 'documents_notice_days'), 14::int) AS notice,
    coalesce((SELECT bs.value::int[] FROM business_settings bs WHERE bs.name = 'documents_imported_types'),
      ARRAY(SELECT dt.id FROM document_types dt WHERE dt.code = 'phytosanitary')) AS imported),
  req AS (
    SELECT o.id AS offer_id, pdt.type_id FROM o JOIN product_document_types pdt ON pdt.product_id = o.product_id
    UNION
    SELECT o.id, unnest(s.imported) FROM o CROSS JOIN s
    WHERE coalesce(btrim(o.origin), '') <> '' AND lower(btrim(o.origin)) NOT IN ('россия', 'рф', 'российская федерация')),
  docs AS (
    SELECT d.offer_id, d.type_id, CASE WHEN bool_or(d.valid_until IS NULL) THEN NULL ELSE max(d.valid_until) END AS until
    FROM offer_documents d JOIN o ON o.id = d.offer_id GROUP BY d.offer_id, d.type_id),
  x AS (
    SELECT coalesce(r.offer_id, d.offer_id) AS offer_id, t.id, t.name, r.type_id IS NOT NULL AS required, d.type_id IS NOT NULL AS has, d.until
    FROM req r FULL JOIN docs d ON d.offer_id = r.offer_id AND d.type_id = r.type_id
    JOIN document_types t ON t.id = coalesce(r.type_id, d.type_id)),
  r AS (
    SELECT o.id,
      CASE WHEN bool_or(x.required AND NOT x.has) THEN 'missing' WHEN bool_or(x.until < s.today) THEN 'expired'
        WHEN min(x.until) <= s.today + s.notice THEN 'expiring' ELSE 'ok' END AS state,
      coalesce(array_agg(x.name ORDER BY x.id) FILTER (WHERE x.required AND NOT x.has), '{}') AS missing,
      coalesce(array_agg(x.name ORDER BY x.id) FILTER (WHERE x.until < s.today), '{}') AS expired,
      coalesce(array_agg(x.name ORDER BY x.id) FILTER (WHERE x.required AND (NOT x.has OR x.until < s.today)), '{}') AS blocking,
      coalesce(min(x.until) FILTER (WHERE x.until < s.today), min(x.until)) AS expires_on,
      least(min(x.until - s.notice) FILTER (WHERE x.until - s.notice > s.today), min(x.until + 1) FILTER (WHERE x.until + 1 > s.today)) AS turns_on
    FROM o CROSS JOIN s LEFT JOIN x ON x.offer_id = o.id
    GROUP BY o.id, s.today, s.notice)
UPDATE offers t SET documents_state = r.state, documents_missing = r.missing, documents_expired = r.expired,
  documents_blocking = r.blocking, documents_expires_on = r.expires_on, documents_turns_on = r.turns_on
FROM r WHERE t.id = r.id
  AND (r.state, r.missing, r.expired, r.blocking, r.expires_on, r.turns_on) IS DISTINCT FROM ('ok', '{}'::text[], '{}'::text[], '{}'::text[], NULL::date, NULL::date);--> statement-breakpoint
SELECT set_config('nutdesk.keep_version', 'off', true);--> statement-breakpoint
-- the list's filter by the state (live rows, in the list's id order), and the daily job's offers that turn
CREATE INDEX "offers_live_documents_state_idx" ON "offers" USING btree ("documents_state", "id") WHERE "offers"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "offers_documents_turns_on_idx" ON "offers" USING btree ("documents_turns_on") WHERE "offers"."documents_turns_on" IS NOT NULL;
