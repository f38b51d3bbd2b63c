-- Stock has one writer (server/sections/offers/stock.ts) and the database refuses what it must never write.
-- First repair what the old reserve delete left behind (a deleted active reserve kept its amount in the
-- offer's reserved_amount): the figures are the sums of the offer's active and completed reserves.
UPDATE "offers" o SET
  "reserved_amount" = coalesce((SELECT sum(r."amount") FROM "reserves" r WHERE r."offer_id" = o."id" AND r."status" = 'active'), 0),
  "purchased_amount" = coalesce((SELECT sum(r."amount") FROM "reserves" r WHERE r."offer_id" = o."id" AND r."status" = 'completed'), 0);--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_reserved_amount_not_negative" CHECK ("offers"."reserved_amount" >= 0);--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_purchased_amount_not_negative" CHECK ("offers"."purchased_amount" >= 0);--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_available_amount_not_negative" CHECK ("offers"."unit_amount" - "offers"."reserved_amount" - "offers"."purchased_amount" >= 0);
