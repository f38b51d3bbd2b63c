-- Supplier price lists (issue 41): each supplier's price-list profile (sheet, header row, columns, units, name
-- answers, defaults) and every file uploaded, as read (its sheets' rows) and as stored (the file, downloadable
-- again), with what applying it did.
CREATE TABLE "price_list_profiles" (
	"supplier_id" integer PRIMARY KEY NOT NULL REFERENCES "suppliers"("id"),
	"profile" jsonb NOT NULL,
	"updated_by" integer REFERENCES "users"("id"),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_list_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL REFERENCES "suppliers"("id"),
	"file_id" integer REFERENCES "files"("id") ON DELETE SET NULL,
	"file_name" text NOT NULL,
	"sheets" jsonb NOT NULL,
	"uploaded_by" integer REFERENCES "users"("id"),
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_by" integer REFERENCES "users"("id"),
	"applied_at" timestamp with time zone,
	"counts" jsonb
);
--> statement-breakpoint
CREATE INDEX "price_list_uploads_supplier_idx" ON "price_list_uploads" USING btree ("supplier_id", "id");
