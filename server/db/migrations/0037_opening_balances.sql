-- Issue 49, 'a buyer's history starts true'. The buyers' migration (0023) made every sale completed before buyers were
-- a section an unpaid debt due on its completion day, so after an upgrade nearly every old customer was overdue and
-- refused. Those sales were settled in the books the trader kept before: each is marked paid on its completion day
-- by a payment of what was left of it (created_by NULL, the comment says why). "Before" is the day the ledger was
-- first used: the first payment recorded or the first buyer card written through the app (0023's buyers wrote no
-- history), else today. A debt that really was open then is entered as the buyer's opening balance below.
INSERT INTO "payments" ("reserve_id", "date", "amount", "comment")
SELECT r."id", r."actual_date_implementation",
       coalesce(r."total_selling_sum", 0) - coalesce((SELECT sum(p."amount") FROM "payments" p WHERE p."reserve_id" = r."id" AND NOT p."deleted"), 0),
       'Продажа до учета взаиморасчетов: считается оплаченной'
FROM "reserves" r
WHERE r."buyer_id" IS NOT NULL AND r."actual_date_implementation" IS NOT NULL
  AND (r."status" = 'completed' OR (r."status" = 'deleted' AND r."deleted_from" = 'completed'))
  AND r."actual_date_implementation" < coalesce(least(
        (SELECT min(p."created_at") FROM "payments" p),
        (SELECT min(h."at") FROM "record_history" h WHERE h."section" = 'buyers')
      )::date, CURRENT_DATE + 1)
  AND coalesce(r."total_selling_sum", 0) - coalesce((SELECT sum(p."amount") FROM "payments" p WHERE p."reserve_id" = r."id" AND NOT p."deleted"), 0) > 0;--> statement-breakpoint
-- A buyer's opening balance ('Начальное сальдо'): what he owed (or, below zero, had paid ahead) on `as_of`, as an
-- administrator enters or imports it from the old books; one per buyer, a new one replaces it. It counts in his
-- ledger, debt, overdue (due as a sale of that day would be) and credit check.
CREATE TABLE "buyer_opening_balances" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"as_of" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_opening_balances_buyer_id_unique" UNIQUE("buyer_id")
);--> statement-breakpoint
ALTER TABLE "buyer_opening_balances" ADD CONSTRAINT "buyer_opening_balances_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_opening_balances" ADD CONSTRAINT "buyer_opening_balances_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
