-- Issue 50: a document a supplier's account marks 'Можно показывать покупателю' reaches buyers only once staff with
-- the update right on offers confirm it ('Подтвердить' on the lot's documents tab): who confirmed it and when. A
-- staff member's own mark is confirmed as it is made. Of the documents already shared, those a supplier's account
-- added wait for a confirmation; the rest count as confirmed by whoever added them.
ALTER TABLE "offer_documents" ADD COLUMN "share_confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "offer_documents" ADD COLUMN "share_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offer_documents" ADD CONSTRAINT "offer_documents_share_confirmed_by_users_id_fk" FOREIGN KEY ("share_confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "offer_documents" d SET "share_confirmed_at" = d."created_at", "share_confirmed_by" = d."created_by"
WHERE d."shareable" AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = d."created_by" AND u."user_type" = 'supplier');
