-- Issue 33: a lot document's changes (issue 39) are kept like every record's: who added, changed or removed it,
-- when, what changed (old → new) and the document's version after the write. A stale change of a document answers
-- from it who changed it, when and what; the offer's 'История' tab lists its documents' changes. The rows outlive
-- the document (a removal is a change of the offer too), so they name it by offer and id, not by a key.
CREATE TABLE "document_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"offer_id" integer NOT NULL REFERENCES "offers"("id"),
	"action" text NOT NULL,
	"user_id" integer REFERENCES "users"("id"),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"document" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "document_history_document_idx" ON "document_history" USING btree ("document_id", "id");--> statement-breakpoint
CREATE INDEX "document_history_offer_idx" ON "document_history" USING btree ("offer_id", "id");--> statement-breakpoint
-- the documents already there were added by whoever uploaded them, when they did
INSERT INTO "document_history" ("document_id", "offer_id", "action", "user_id", "at", "document", "version")
SELECT d."id", d."offer_id", 'create', d."created_by", d."created_at",
	t."name" || CASE WHEN d."number" IS NULL THEN '' ELSE ' № ' || d."number" END, d."version"
FROM "offer_documents" d JOIN "document_types" t ON t."id" = d."type_id"
ORDER BY d."id";
