-- A lot bought in a currency: the supplier's price per unit in that currency, how its ruble price follows the rate
-- ('daily': the Central Bank's rate of each business day; 'fixed': a prepayment's or a contract's rate of a day), and
-- the rate the stored ruble price was last computed at. A ruble lot keeps its currency 'RUB' and no policy.
ALTER TABLE "offers" ADD COLUMN "purchase_currency" text DEFAULT 'RUB' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "purchase_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "rate_policy" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "fixed_rate" numeric(20, 10);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "fixed_rate_date" date;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "purchase_rate" numeric(20, 10);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "purchase_rate_date" date;--> statement-breakpoint
CREATE INDEX "offers_daily_currency_idx" ON "offers" USING btree ("purchase_currency","id") WHERE "offers"."rate_policy" = 'daily' AND "offers"."status" = 'active';--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_purchase_currency_known" CHECK ("offers"."purchase_currency" IN ('RUB', 'USD', 'EUR', 'CNY', 'TRY', 'AED', 'KZT', 'UZS'));--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_rate_policy_known" CHECK ("offers"."rate_policy" IS NULL OR "offers"."rate_policy" IN ('daily', 'fixed'));
