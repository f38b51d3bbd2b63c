CREATE TABLE "record_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"section" text NOT NULL,
	"record_id" integer NOT NULL,
	"action" text NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"via" jsonb
);
--> statement-breakpoint
ALTER TABLE "record_history" ADD CONSTRAINT "record_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_history_record_idx" ON "record_history" USING btree ("section","record_id","id");