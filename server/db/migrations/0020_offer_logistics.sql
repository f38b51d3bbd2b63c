-- Issue 40: lots on their way. An offer's logistics state ('stock', today's meaning, for every offer there is;
-- 'supplier', 'in_transit', 'customs' before it arrives) and the day it is expected (required unless on stock:
-- after an arrival it is the day the lot came). The business setting shortfall_rule says how a short arrival is
-- shared among the lot's active reserves: 'fifo' (the latest reserves are cut first) or 'proportional'.
ALTER TABLE "offers" ADD COLUMN "logistics_state" text DEFAULT 'stock' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "expected_arrival" date;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_logistics_state_known" CHECK ("offers"."logistics_state" IN ('supplier', 'in_transit', 'customs', 'stock'));--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_expected_arrival_on_the_way" CHECK ("offers"."logistics_state" = 'stock' OR "offers"."expected_arrival" IS NOT NULL);--> statement-breakpoint
CREATE INDEX "offers_expected_arrival_idx" ON "offers" USING btree ("expected_arrival") WHERE "expected_arrival" IS NOT NULL;--> statement-breakpoint
INSERT INTO "business_settings" ("name", "value") VALUES ('shortfall_rule', 'fifo') ON CONFLICT ("name") DO NOTHING;
