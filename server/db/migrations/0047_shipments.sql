-- A shipment is one container or truck: its customs declaration, its lots (offers.shipment_id) and its
-- cost lines (goods paid at their rates, freight, duty, broker…), kept as the card typed them. Each lot of a
-- shipment stores its landed cost per kg (offers.landed_kg_cost), written in the shipment's transaction.
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"supplier_id" integer,
	"dt_number" text,
	"dt_date" date,
	"costs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_from" text
);--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("status");--> statement-breakpoint
CREATE TRIGGER shipments_version BEFORE UPDATE ON "shipments" FOR EACH ROW EXECUTE FUNCTION bump_record_version();--> statement-breakpoint
CREATE TRIGGER shipments_deleted_from BEFORE UPDATE OF status ON "shipments" FOR EACH ROW EXECUTE FUNCTION remember_deleted_from();--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "shipment_id" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "landed_kg_cost" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_shipment_idx" ON "offers" USING btree ("shipment_id") WHERE "shipment_id" IS NOT NULL;--> statement-breakpoint
-- rights: a role reads and writes shipments as it does suppliers (the purchase side), but the warehouse (role 8)
-- and the suppliers' roles see none; roles 1 and 8 see neither the shipment's supplier nor who created it
INSERT INTO "role_permissions" ("role_id", "resource", "action", "scope")
SELECT rp."role_id", 'shipments', rp."action", rp."scope" FROM "role_permissions" rp
WHERE rp."resource" = 'suppliers' AND rp."role_id" <> 8
  AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."role_id" = rp."role_id" AND u."user_type" = 'supplier')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_hidden_fields" ("role_id", "resource", "field")
SELECT r."id", 'shipments', f."field" FROM "roles" r CROSS JOIN (VALUES ('supplier'), ('created_by')) f("field") WHERE r."id" IN (1, 8)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_hidden_fields" ("role_id", "resource", "field")
SELECT r."id", 'offers', 'landed_kg_cost' FROM "roles" r WHERE r."id" = 8
ON CONFLICT DO NOTHING;
