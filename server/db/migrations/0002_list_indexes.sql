-- "Contains" filters (ILIKE '%…%') on the tables that grow use trigram indexes; the stock and price
-- filters most lists combine with a product or status get composite b-tree indexes.
CREATE INDEX IF NOT EXISTS "offers_loading_address_trgm" ON "offers" USING gin ("loading_address" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_origin_country_trgm" ON "offers" USING gin ("origin_country" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reserves_buyer_name_trgm" ON "reserves" USING gin ("buyer_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reserves_delivery_address_trgm" ON "reserves" USING gin ("delivery_address" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "suppliers_name_trgm" ON "suppliers" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "employees_full_name_trgm" ON "employees" USING gin ("full_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_product_status_price_idx" ON "offers" ("product_id", "status", "unit_price");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_status_price_idx" ON "offers" ("status", "unit_price");
