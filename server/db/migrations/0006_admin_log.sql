CREATE TABLE "admin_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"summary" text NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
ALTER TABLE "admin_log" ADD CONSTRAINT "admin_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_log_created_at_idx" ON "admin_log" USING btree ("created_at");