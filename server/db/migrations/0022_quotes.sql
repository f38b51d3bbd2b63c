CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"buyer_name" text,
	"lines" jsonb NOT NULL,
	"valid_until" date NOT NULL,
	"token" text NOT NULL,
	"token_revoked_at" timestamp with time zone,
	"created_by" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "quotes_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_created_by_idx" ON "quotes" USING btree ("created_by");--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "quote_id" integer;--> statement-breakpoint
ALTER TABLE "reserves" ADD CONSTRAINT "reserves_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;
