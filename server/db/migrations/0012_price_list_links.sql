CREATE TABLE "price_list_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token" text NOT NULL,
	"city_id" integer NOT NULL,
	"query" text NOT NULL,
	"valid_until" date NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_links_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "price_list_links" ADD CONSTRAINT "price_list_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_links" ADD CONSTRAINT "price_list_links_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_list_links_user_idx" ON "price_list_links" USING btree ("user_id");
