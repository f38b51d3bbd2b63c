-- The facts an invoice and a УПД print that no record held: a buyer's legal address, and the VAT rate a product's lines
-- are charged at (the general 22 % since 1 January 2026 until someone chooses 10 %, 0 % or none). The company's
-- requisites are business settings (rows of business_settings): no column.
ALTER TABLE "buyers" ADD COLUMN "legal_address" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_rate" text DEFAULT '22' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vat_rate_check" CHECK ("products"."vat_rate" IN ('22', '10', '0', 'none'));
