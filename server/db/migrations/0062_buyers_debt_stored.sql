-- Issue 55: a buyer's balance and overdue debt (the buyers list's 'Долг', 'Просрочено') are stored, not summed per
-- row: the list read every buyer's sales with each sale's payments per sale, for every buyer a page shows, filters
-- or sorts by, and for every buyer an export writes. The rule is server/sections/buyers/debt.ts's (and
-- domain/buyers/ledger.ts's): a sale is a completed reserve (or one deleted when completed), its rest to pay is
-- its selling sum less its standing payments (never below nought), due on its completion day plus the deferral
-- days on deferred terms; the opening balance counts as a sale of its day; overdue is the rest of the sales due
-- before the business day. Stored beside them: the day the overdue part next grows by the calendar alone
-- (debt_turns_on), which the daily job reads by its index.
--
-- The database keeps them in the transaction of whatever changes them, whoever writes: after each statement on
-- reserves, payments or opening balances the touched buyers are summed again, once each; a change of a buyer's
-- terms sums it again in its own row. Such a write only makes the buyer follow its sales: the buyer's version is
-- kept (nutdesk.keep_version, migration 0027), so a card open on it stays current.
ALTER TABLE "buyers" ADD COLUMN "debt_balance" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "buyers" ADD COLUMN "debt_overdue" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "buyers" ADD COLUMN "debt_turns_on" date;--> statement-breakpoint
-- the business day, by the database's clock in the business time zone (setting time_zone)
CREATE FUNCTION "business_today"() RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (now() AT TIME ZONE coalesce((SELECT value FROM business_settings WHERE name = 'time_zone'), 'Europe/Moscow'))::date
$$;--> statement-breakpoint
-- one buyer's debt on `today` under the terms given (a terms change reads its new terms before they are written)
CREATE FUNCTION "buyer_debt"("buyer" int, "terms" text, "deferral" int, "today" date)
  RETURNS TABLE ("balance" numeric(14, 2), "overdue" numeric(14, 2), "turns_on" date) LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(s.left_to_pay), 0)::numeric(14, 2),
    coalesce(sum(s.left_to_pay) FILTER (WHERE s.due < today AND s.left_to_pay > 0), 0)::numeric(14, 2),
    min(s.due + 1) FILTER (WHERE s.due >= today AND s.left_to_pay > 0)
  FROM (SELECT greatest(coalesce(r.total_selling_sum, 0) - coalesce((SELECT sum(p.amount) FROM payments p
        WHERE p.reserve_id = r.id AND NOT p.deleted), 0), 0) AS left_to_pay,
      r.actual_date_implementation + CASE WHEN terms = 'deferral' THEN coalesce(deferral, 0) ELSE 0 END AS due
    FROM reserves r WHERE r.buyer_id = buyer AND (r.status = 'completed' OR (r.status = 'deleted' AND r.deleted_from = 'completed'))
    UNION ALL
    SELECT ob.amount, ob.as_of + CASE WHEN terms = 'deferral' THEN coalesce(deferral, 0) ELSE 0 END
    FROM buyer_opening_balances ob WHERE ob.buyer_id = buyer) s
$$;--> statement-breakpoint
-- the buyers given summed again on the business day, only those whose stored debt differs, their versions kept
CREATE FUNCTION "buyers_debt_refresh"("touched" int[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  kept text := coalesce(current_setting('nutdesk.keep_version', true), '');
BEGIN
  IF coalesce(cardinality(touched), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM set_config('nutdesk.keep_version', 'on', true);
  UPDATE buyers b SET debt_balance = s.balance, debt_overdue = s.overdue, debt_turns_on = s.turns_on
  FROM (SELECT x.id, d.balance, d.overdue, d.turns_on FROM buyers x,
      LATERAL buyer_debt(x.id, x.payment_terms, x.deferral_days, business_today()) d WHERE x.id = ANY(touched)) s
  WHERE b.id = s.id AND (b.debt_balance, b.debt_overdue, b.debt_turns_on) IS DISTINCT FROM (s.balance, s.overdue, s.turns_on);
  PERFORM set_config('nutdesk.keep_version', kept, true);
END
$$;--> statement-breakpoint
-- a statement on reserves: the buyers of the sales it made, changed or took away
CREATE FUNCTION "reserves_debt_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM buyers_debt_refresh(ARRAY(SELECT DISTINCT n.buyer_id FROM debt_added n WHERE n.buyer_id IS NOT NULL
      AND (n.status = 'completed' OR (n.status = 'deleted' AND n.deleted_from = 'completed'))));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM buyers_debt_refresh(ARRAY(SELECT DISTINCT d.buyer_id FROM debt_removed d WHERE d.buyer_id IS NOT NULL
      AND (d.status = 'completed' OR (d.status = 'deleted' AND d.deleted_from = 'completed'))));
  ELSE
    PERFORM buyers_debt_refresh(ARRAY(SELECT x.buyer_id FROM debt_was w JOIN debt_now n ON n.id = w.id,
        LATERAL (VALUES (w.buyer_id), (n.buyer_id)) x(buyer_id)
      WHERE x.buyer_id IS NOT NULL
        AND (w.status = 'completed' OR (w.status = 'deleted' AND w.deleted_from = 'completed')
          OR n.status = 'completed' OR (n.status = 'deleted' AND n.deleted_from = 'completed'))
        AND (w.status, w.deleted_from, w.total_selling_sum, w.actual_date_implementation, w.buyer_id)
          IS DISTINCT FROM (n.status, n.deleted_from, n.total_selling_sum, n.actual_date_implementation, n.buyer_id)
      GROUP BY x.buyer_id));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reserves_added_debt" AFTER INSERT ON "reserves" REFERENCING NEW TABLE AS debt_added
  FOR EACH STATEMENT EXECUTE FUNCTION "reserves_debt_follow"();--> statement-breakpoint
CREATE TRIGGER "reserves_changed_debt" AFTER UPDATE ON "reserves" REFERENCING OLD TABLE AS debt_was NEW TABLE AS debt_now
  FOR EACH STATEMENT EXECUTE FUNCTION "reserves_debt_follow"();--> statement-breakpoint
CREATE TRIGGER "reserves_removed_debt" AFTER DELETE ON "reserves" REFERENCING OLD TABLE AS debt_removed
  FOR EACH STATEMENT EXECUTE FUNCTION "reserves_debt_follow"();--> statement-breakpoint
-- a statement on payments: the buyers of the reserves whose payments it added, changed (an amount, taken back,
-- moved) or removed; tying a payment to an invoice moves no debt
CREATE FUNCTION "payments_debt_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM buyers_debt_refresh(ARRAY(SELECT DISTINCT r.buyer_id FROM debt_added n JOIN reserves r ON r.id = n.reserve_id
      WHERE r.buyer_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM buyers_debt_refresh(ARRAY(SELECT DISTINCT r.buyer_id FROM debt_removed d JOIN reserves r ON r.id = d.reserve_id
      WHERE r.buyer_id IS NOT NULL));
  ELSE
    PERFORM buyers_debt_refresh(ARRAY(SELECT DISTINCT r.buyer_id FROM debt_was w JOIN debt_now n ON n.id = w.id
        JOIN reserves r ON r.id IN (w.reserve_id, n.reserve_id)
      WHERE r.buyer_id IS NOT NULL
        AND (w.amount, w.deleted, w.reserve_id) IS DISTINCT FROM (n.amount, n.deleted, n.reserve_id)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payments_added_debt" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS debt_added
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_debt_follow"();--> statement-breakpoint
CREATE TRIGGER "payments_changed_debt" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS debt_was NEW TABLE AS debt_now
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_debt_follow"();--> statement-breakpoint
CREATE TRIGGER "payments_removed_debt" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS debt_removed
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_debt_follow"();--> statement-breakpoint
-- a statement on opening balances: their buyers
CREATE FUNCTION "openings_debt_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM buyers_debt_refresh(ARRAY(SELECT DISTINCT n.buyer_id FROM debt_added n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM buyers_debt_refresh(ARRAY(SELECT DISTINCT d.buyer_id FROM debt_removed d));
  ELSE
    PERFORM buyers_debt_refresh(ARRAY(SELECT DISTINCT x.buyer_id FROM debt_was w JOIN debt_now n ON n.id = w.id,
      LATERAL (VALUES (w.buyer_id), (n.buyer_id)) x(buyer_id)
      WHERE (w.amount, w.as_of, w.buyer_id) IS DISTINCT FROM (n.amount, n.as_of, n.buyer_id)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "openings_added_debt" AFTER INSERT ON "buyer_opening_balances" REFERENCING NEW TABLE AS debt_added
  FOR EACH STATEMENT EXECUTE FUNCTION "openings_debt_follow"();--> statement-breakpoint
CREATE TRIGGER "openings_changed_debt" AFTER UPDATE ON "buyer_opening_balances" REFERENCING OLD TABLE AS debt_was NEW TABLE AS debt_now
  FOR EACH STATEMENT EXECUTE FUNCTION "openings_debt_follow"();--> statement-breakpoint
CREATE TRIGGER "openings_removed_debt" AFTER DELETE ON "buyer_opening_balances" REFERENCING OLD TABLE AS debt_removed
  FOR EACH STATEMENT EXECUTE FUNCTION "openings_debt_follow"();--> statement-breakpoint
-- a buyer's terms changed (prepay ↔ deferral, its deferral days): its sales fall due on other days
CREATE FUNCTION "buyers_debt_terms"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT d.balance, d.overdue, d.turns_on INTO NEW.debt_balance, NEW.debt_overdue, NEW.debt_turns_on
  FROM buyer_debt(NEW.id, NEW.payment_terms, NEW.deferral_days, business_today()) d;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "buyers_terms_debt" BEFORE UPDATE OF payment_terms, deferral_days ON "buyers" FOR EACH ROW
  WHEN (OLD.payment_terms IS DISTINCT FROM NEW.payment_terms OR OLD.deferral_days IS DISTINCT FROM NEW.deferral_days)
  EXECUTE FUNCTION "buyers_debt_terms"();--> statement-breakpoint
-- the backfill: every buyer with a sale or an opening balance, its version kept
SELECT buyers_debt_refresh(ARRAY(SELECT r.buyer_id FROM reserves r WHERE r.buyer_id IS NOT NULL
  UNION SELECT ob.buyer_id FROM buyer_opening_balances ob));--> statement-breakpoint
-- the list's sorts and filters by the debt, and the daily job's buyers whose overdue part grows
CREATE INDEX "buyers_debt_balance_idx" ON "buyers" USING btree ("debt_balance");--> statement-breakpoint
CREATE INDEX "buyers_debt_overdue_idx" ON "buyers" USING btree ("debt_overdue");--> statement-breakpoint
CREATE INDEX "buyers_debt_turns_on_idx" ON "buyers" USING btree ("debt_turns_on") WHERE "buyers"."debt_turns_on" IS NOT NULL;
