-- The invoice ('Счёт на оплату') as a record of its own: numbered per business year, its parties, lines and figures
-- written once when it is made (a wrong one is cancelled, keeping its number, and made again). A reserve is on one live
-- invoice at most. What has been paid against it is stored (paid_sum), written in the transaction of each payment tied
-- to it, so lists filter and sort by the payment status without reading payments per row.
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"date" date NOT NULL,
	"due_date" date NOT NULL,
	"buyer_id" integer NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"vat_sum" numeric(14, 2) NOT NULL,
	"paid_sum" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" IN ('active', 'cancelled'))
);--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" integer NOT NULL,
	"n" integer NOT NULL,
	"reserve_id" integer NOT NULL,
	"name" text NOT NULL,
	"unit_name" text NOT NULL,
	"amount" numeric(14, 3) NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"vat_rate" text NOT NULL,
	"vat_sum" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "invoice_lines_invoice_id_n_pk" PRIMARY KEY("invoice_id","n"),
	CONSTRAINT "invoice_lines_vat_rate_check" CHECK ("invoice_lines"."vat_rate" IN ('22', '10', '0', 'none'))
);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_reserve_id_reserves_id_fk" FOREIGN KEY ("reserve_id") REFERENCES "public"."reserves"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_number_idx" ON "invoices" USING btree ("year","number");--> statement-breakpoint
CREATE INDEX "invoices_buyer_idx" ON "invoices" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "invoices_due_date_idx" ON "invoices" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "invoice_lines_reserve_idx" ON "invoice_lines" USING btree ("reserve_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_live_reserve_idx" ON "invoice_lines" USING btree ("reserve_id") WHERE NOT "invoice_lines"."cancelled";--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id") WHERE NOT "payments"."deleted";
--> statement-breakpoint
-- A payment of a reserve that is on a live invoice pays that invoice (a reserve is on one live invoice at most), and
-- the invoice's paid_sum is the sum of its standing payments, kept by the database in the payment's own transaction.
CREATE FUNCTION payments_tie_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.invoice_id IS NULL THEN
    SELECT l.invoice_id INTO NEW.invoice_id FROM invoice_lines l WHERE l.reserve_id = NEW.reserve_id AND NOT l.cancelled;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER payments_tie_invoice BEFORE INSERT ON payments FOR EACH ROW EXECUTE FUNCTION payments_tie_invoice();--> statement-breakpoint
CREATE FUNCTION invoices_paid_sum() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY[NEW.invoice_id];
  ELSE
    touched := ARRAY[OLD.invoice_id, NEW.invoice_id];
  END IF;
  UPDATE invoices i SET paid_sum = coalesce((SELECT sum(p.amount) FROM payments p WHERE p.invoice_id = i.id AND NOT p.deleted), 0)
   WHERE i.id = ANY (touched);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER invoices_paid_sum AFTER INSERT OR UPDATE OF amount, deleted, invoice_id ON payments
  FOR EACH ROW EXECUTE FUNCTION invoices_paid_sum();
