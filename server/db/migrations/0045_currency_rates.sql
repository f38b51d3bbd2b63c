-- The Central Bank's daily rates (issue 53): one row per date and currency, rubles for `nominal` units (`value`) and
-- for one (`unit_rate`); a rate once stored is never overwritten, so a reserve or a prepayment frozen on it can always
-- be told from the day it was made.
CREATE TABLE "currency_rates" (
	"date" date NOT NULL,
	"code" text NOT NULL,
	"nominal" integer NOT NULL,
	"value" numeric(20, 10) NOT NULL,
	"unit_rate" numeric(20, 10) NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rates_pk" PRIMARY KEY("date","code"),
	CONSTRAINT "currency_rates_source_check" CHECK ("currency_rates"."source" IN ('cbr', 'manual')),
	CONSTRAINT "currency_rates_positive_check" CHECK ("currency_rates"."unit_rate" > 0 AND "currency_rates"."nominal" > 0)
);--> statement-breakpoint
CREATE INDEX "currency_rates_code_date_idx" ON "currency_rates" USING btree ("code","date");--> statement-breakpoint
-- never overwritten: an UPDATE of a stored rate is refused by the database itself, whoever writes it
CREATE FUNCTION currency_rates_never_overwritten() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a stored currency rate is never overwritten' USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER currency_rates_never_overwritten BEFORE UPDATE ON "currency_rates" FOR EACH ROW EXECUTE FUNCTION currency_rates_never_overwritten();
