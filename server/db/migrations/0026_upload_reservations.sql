-- Issue 34: an upload reserves its room in the user's quota of unsaved uploads before its body is read, under the
-- user's row lock, so parallel uploads cannot all pass a check made before any of them is stored. A reservation
-- lives while its body streams into the file store; one left by a crash stops counting after an hour.
CREATE TABLE "upload_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "upload_reservations" ADD CONSTRAINT "upload_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_reservations_user_idx" ON "upload_reservations" USING btree ("user_id");
