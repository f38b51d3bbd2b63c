-- Lot documents (issue 39): an offer's documents are typed and dated. The types are a reference list the settings
-- page extends (like packing); the six a trader in nuts needs are seeded with a code the server knows them by, and
-- whether a document of the type must say until when it is valid.
CREATE TABLE "document_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text UNIQUE,
	"expires" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
INSERT INTO "document_types" ("name", "code", "expires") VALUES
	('Декларация о соответствии ЕАЭС', 'eaeu_declaration', true),
	('Фитосанитарный сертификат', 'phytosanitary', true),
	('Карантинный сертификат', 'quarantine', true),
	('Сертификат качества', 'quality', true),
	('Протокол испытаний', 'lab_protocol', false),
	('Другое', 'other', false);
--> statement-breakpoint
-- One row per document file of an offer: the file stays in "files" (attached to the offer, served by the offer's
-- read right), its type, number, dates, issuer, whether a buyer may see it and a lab protocol's values live here.
CREATE TABLE "offer_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL REFERENCES "offers"("id"),
	"file_id" integer NOT NULL UNIQUE REFERENCES "files"("id") ON DELETE CASCADE,
	"type_id" integer NOT NULL REFERENCES "document_types"("id"),
	"number" text,
	"issued_on" date,
	"valid_until" date,
	"issuer" text,
	"shareable" boolean DEFAULT false NOT NULL,
	"aflatoxin_b1" numeric(10, 3),
	"moisture" numeric(5, 2),
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "offer_documents_offer_idx" ON "offer_documents" ("offer_id", "type_id");
--> statement-breakpoint
CREATE INDEX "offer_documents_valid_until_idx" ON "offer_documents" ("valid_until") WHERE "valid_until" IS NOT NULL;
--> statement-breakpoint
-- Every document an offer already has becomes 'Другое' with no dates: nothing is lost, nothing is invented.
INSERT INTO "offer_documents" ("offer_id", "file_id", "type_id", "created_by", "created_at")
SELECT f."entity_id", f."id", (SELECT "id" FROM "document_types" WHERE "code" = 'other'), f."created_by", f."created_at"
FROM "files" f
WHERE f."entity_type" = 'offers' AND f."kind" = 'document' AND f."entity_id" IS NOT NULL
	AND EXISTS (SELECT 1 FROM "offers" o WHERE o."id" = f."entity_id")
ORDER BY f."id";
--> statement-breakpoint
-- The document types a product's lots need (the product card).
CREATE TABLE "product_document_types" (
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"type_id" integer NOT NULL REFERENCES "document_types"("id") ON DELETE CASCADE,
	CONSTRAINT "product_document_types_pk" PRIMARY KEY ("product_id", "type_id")
);
