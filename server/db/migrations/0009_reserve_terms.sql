ALTER TABLE "reserves" ADD COLUMN "offer_price_kg" numeric;--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "unit_weight" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "costs_per_kg" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "min_markup" numeric(8, 4);--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "max_markup" numeric(8, 4);--> statement-breakpoint
-- Reserves made before their terms were kept take them from their offer and the business settings of the day of
-- this migration (a missing or unreadable setting counts as 0, as the server reads it). Their versions stay: an
-- open card's next save is no stale one for a change nobody made.
ALTER TABLE "reserves" DISABLE TRIGGER reserves_version;--> statement-breakpoint
UPDATE "reserves" r SET
  offer_price_kg = o.kg_price,
  unit_weight = o.unit_weight,
  costs_per_kg = s.costs_per_kg,
  min_markup = s.min_markup,
  max_markup = s.max_markup
FROM "offers" o, (
  SELECT
    coalesce(max(CASE WHEN name = 'costs_per_kg' AND value ~ '^\s*[0-9]+(\.[0-9]+)?\s*$' THEN value::numeric END), 0) AS costs_per_kg,
    coalesce(max(CASE WHEN name = 'min_markup' AND value ~ '^\s*[0-9]+(\.[0-9]+)?\s*$' THEN value::numeric END), 0) AS min_markup,
    coalesce(max(CASE WHEN name = 'max_markup' AND value ~ '^\s*[0-9]+(\.[0-9]+)?\s*$' THEN value::numeric END), 0) AS max_markup
  FROM "business_settings"
) s
WHERE o.id = r.offer_id;--> statement-breakpoint
ALTER TABLE "reserves" ENABLE TRIGGER reserves_version;
