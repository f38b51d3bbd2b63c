-- A reserve keeps the rate it was made on: the lot's purchase rate and its date, and the lot's landed cost per kg at
-- that moment, written once at creation and never after. After each new rate a job prices every active reserve and
-- saved quote on a 'daily' lot again at today's cost and stores whether its margin is at risk, with the figures it was
-- judged on (today's margin, rate and margin in rubles), so the list filters and the analytics sum stored columns.
-- Reserves made before keep no rate: they are judged by the margin alone.
ALTER TABLE "reserves" ADD COLUMN "purchase_rate" numeric(20, 10);--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "purchase_rate_date" date;--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "landed_kg_cost" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "margin_at_risk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "risk_marginality" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "risk_rate" numeric(20, 10);--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "risk_margin_sum" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "risk_currency" text;--> statement-breakpoint
CREATE INDEX "reserves_margin_at_risk_idx" ON "reserves" USING btree ("id") WHERE "reserves"."margin_at_risk";--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "margin_at_risk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "margin_risk" jsonb;
