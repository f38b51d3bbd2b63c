-- Issue 51: a buyer's price-list link holds its lines' prices until its date, as a saved quote does: the lines are
-- stored when the link is made. A link made before has none and reads live, as it did.
ALTER TABLE "price_list_links" ADD COLUMN "lines" jsonb;--> statement-breakpoint
-- Issue 51: demo reserves seeded before every city had its own row of the matrix have no delivery days, and any edit
-- of one was refused ('Обязательное поле'). They take the route's days, a local sale the local default (1 day, as
-- domain/reserves/figures.ts routeTerms), else the longest route into the buyer's city, else one day.
-- a backfill, not an edit: versions stay, so a card open across the upgrade is no stale one
ALTER TABLE "reserves" DISABLE TRIGGER reserves_version;--> statement-breakpoint
UPDATE "reserves" r SET "delivery_days" = coalesce(
  (SELECT d."days" FROM "offers" o JOIN "city_delivery" d ON d."from_city_id" = o."city_id" AND d."to_city_id" = r."city_id"
    WHERE o."id" = r."offer_id" AND d."days" > 0),
  (SELECT 1 FROM "offers" o WHERE o."id" = r."offer_id" AND o."city_id" = r."city_id"),
  (SELECT max(d."days") FROM "city_delivery" d WHERE d."to_city_id" = r."city_id" AND d."days" > 0),
  1)
WHERE r."delivery_days" IS NULL;--> statement-breakpoint
ALTER TABLE "reserves" ENABLE TRIGGER reserves_version;
