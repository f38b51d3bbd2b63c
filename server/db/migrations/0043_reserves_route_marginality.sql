-- A delivery cost typed below the route's shows a margin the trade does not make: the reserve keeps the margin on the
-- route's cost beside it (the list and the analytics read it). Reserves whose cost is the route's have the same margin;
-- a lowered one is worked out as domain/reserves/figures.ts does: (price - (route cost + kg price + own costs) x unit
-- weight) / price x 100, half up to 2 decimals.
ALTER TABLE "reserves" ADD COLUMN "route_marginality" numeric(14, 2);--> statement-breakpoint
-- a backfill, not an edit: versions stay
ALTER TABLE "reserves" DISABLE TRIGGER reserves_version;--> statement-breakpoint
UPDATE "reserves" SET "route_marginality" = CASE
  WHEN "route_delivery_cost" IS NULL OR "offer_price_kg" IS NULL OR "unit_weight" IS NULL THEN "marginality"
  WHEN "unit_selling_price" <= 0 THEN 0
  ELSE round(("unit_selling_price" - ("route_delivery_cost" + "offer_price_kg" + coalesce("costs_per_kg", 0)) * "unit_weight") * 100 / "unit_selling_price", 2)
END
WHERE "marginality" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "reserves" ENABLE TRIGGER reserves_version;
