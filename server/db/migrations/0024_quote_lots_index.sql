-- Issue 38: a quote (and a buyer's price list) reads every lot of a product that has stock, thousands at 100 000
-- offers, scattered over as many heap pages. This index holds all a lot's columns those reads use, for the lots
-- with stock only, so the read is an index-only scan (bench/quote.ts: the lots' SQL 35-57 ms -> 11-19 ms).
CREATE INDEX IF NOT EXISTS "offers_quote_lots_idx" ON "offers" USING btree ("product_id", "id", "city_id", "variety_id", "packing_id", "harvest_year", "origin_country", "unit_measure", "unit_weight", "units_per_pack", "kg_price", "unit_price", "available_amount", "logistics_state", "expected_arrival") WHERE "status" = 'active' AND "available_amount" > 0;
