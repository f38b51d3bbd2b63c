-- Issue 55: an offer's reserved sum (the sum of its active reserves' own sums, domain/offers/figures.ts reservedSum)
-- is stored, not computed per row: a sub-select over reserves for every offer a list shows, filters or sorts by,
-- and for every offer an export writes (~0.3 s an export of 100 000 offers, on either engine). The database keeps
-- it, in the transaction of whatever changes it, whoever writes the reserves (a card, a reserve's step, bulk work,
-- a quote, a restore): after each statement on reserves, the offers of the rows it touched are summed again, once
-- per offer. Such a write only makes the offer follow its reserves: the offer's version is kept
-- (nutdesk.keep_version, migration 0027), so a card open on it stays current.
ALTER TABLE "offers" ADD COLUMN "reserved_sum" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE FUNCTION "offers_reserved_sum_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept text := coalesce(current_setting('nutdesk.keep_version', true), '');
  touched int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY(SELECT DISTINCT n.offer_id FROM reserves_added n WHERE n.status = 'active');
  ELSIF TG_OP = 'DELETE' THEN
    touched := ARRAY(SELECT DISTINCT d.offer_id FROM reserves_removed d WHERE d.status = 'active');
  ELSE
    touched := ARRAY(SELECT x.offer_id FROM reserves_was w JOIN reserves_now n ON n.id = w.id,
        LATERAL (VALUES (w.offer_id), (n.offer_id)) x(offer_id)
      WHERE (w.status = 'active' OR n.status = 'active') AND (w.status, w.total_sum, w.offer_id) IS DISTINCT FROM (n.status, n.total_sum, n.offer_id)
      GROUP BY x.offer_id);
  END IF;
  IF cardinality(touched) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('nutdesk.keep_version', 'on', true);
  UPDATE offers o SET reserved_sum = s.sum
  FROM (SELECT t.id, coalesce(sum(r.total_sum), 0)::numeric(14, 2) AS sum
    FROM unnest(touched) t(id) LEFT JOIN reserves r ON r.offer_id = t.id AND r.status = 'active' GROUP BY t.id) s
  WHERE o.id = s.id AND o.reserved_sum IS DISTINCT FROM s.sum;
  PERFORM set_config('nutdesk.keep_version', kept, true);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reserves_added_reserved_sum" AFTER INSERT ON "reserves" REFERENCING NEW TABLE AS reserves_added
  FOR EACH STATEMENT EXECUTE FUNCTION "offers_reserved_sum_follow"();--> statement-breakpoint
CREATE TRIGGER "reserves_changed_reserved_sum" AFTER UPDATE ON "reserves" REFERENCING OLD TABLE AS reserves_was NEW TABLE AS reserves_now
  FOR EACH STATEMENT EXECUTE FUNCTION "offers_reserved_sum_follow"();--> statement-breakpoint
CREATE TRIGGER "reserves_removed_reserved_sum" AFTER DELETE ON "reserves" REFERENCING OLD TABLE AS reserves_removed
  FOR EACH STATEMENT EXECUTE FUNCTION "offers_reserved_sum_follow"();--> statement-breakpoint
-- the backfill: every offer holding an active reserve, its version kept
SELECT set_config('nutdesk.keep_version', 'on', true);--> statement-breakpoint
UPDATE "offers" o SET "reserved_sum" = s.sum
FROM (SELECT r.offer_id, sum(r.total_sum)::numeric(14, 2) AS sum FROM reserves r WHERE r.status = 'active' GROUP BY r.offer_id) s
WHERE o.id = s.offer_id AND s.sum IS NOT NULL;--> statement-breakpoint
SELECT set_config('nutdesk.keep_version', '', true);
