-- Issue 38 with issue 37: a quote names a buyer from 'Покупатели' (its city the destination, its credit on the lines,
-- its name on the quote and the buyer's page; reserving from the quote reserves for it, so its credit check applies).
ALTER TABLE "quotes" ADD COLUMN "buyer_id" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_buyer_idx" ON "quotes" USING btree ("buyer_id");
