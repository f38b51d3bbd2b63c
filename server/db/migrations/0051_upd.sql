-- Issue 54: the УПД (status 1, СЧФДОП) as a record of its own. Its parties, lines and figures are written once when it
-- is made and never edited in place: a wrong one is cancelled (keeping its number) and made again. A reserve is on one
-- live УПД at most (the partial unique index over lines not cancelled). A lot's customs declaration, and the country
-- texts an administrator mapped to a classifier's code once.
ALTER TABLE "offers" ADD COLUMN "customs_declaration" text;--> statement-breakpoint
CREATE TABLE "country_mappings" (
	"text" text PRIMARY KEY NOT NULL,
	"oksm_code" text NOT NULL,
	"mapped_by" integer,
	"mapped_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "country_mappings_oksm_code_check" CHECK ("country_mappings"."oksm_code" ~ '^[0-9]{3}$')
);--> statement-breakpoint
CREATE TABLE "upd_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"date" date NOT NULL,
	"shipment_date" date NOT NULL,
	"buyer_id" integer NOT NULL,
	"guid" text NOT NULL,
	"file_id" text NOT NULL,
	"formed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"signer" jsonb NOT NULL,
	"sum_without_vat" numeric(14, 2) NOT NULL,
	"vat_sum" numeric(14, 2) NOT NULL,
	"sum_with_vat" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "upd_documents_status_check" CHECK ("upd_documents"."status" IN ('active', 'cancelled'))
);--> statement-breakpoint
CREATE TABLE "upd_lines" (
	"upd_id" integer NOT NULL,
	"n" integer NOT NULL,
	"reserve_id" integer NOT NULL,
	"name" text NOT NULL,
	"okei" text NOT NULL,
	"unit_name" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"sum_without_vat" numeric(14, 2) NOT NULL,
	"vat_rate" text NOT NULL,
	"vat_sum" numeric(14, 2) NOT NULL,
	"sum_with_vat" numeric(14, 2) NOT NULL,
	"origin_code" text,
	"origin_short" text,
	"declaration" text,
	"cancelled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "upd_lines_upd_id_n_pk" PRIMARY KEY("upd_id","n"),
	CONSTRAINT "upd_lines_vat_rate_check" CHECK ("upd_lines"."vat_rate" IN ('22', '10', '0', 'none'))
);--> statement-breakpoint
ALTER TABLE "country_mappings" ADD CONSTRAINT "country_mappings_mapped_by_users_id_fk" FOREIGN KEY ("mapped_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upd_documents" ADD CONSTRAINT "upd_documents_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upd_documents" ADD CONSTRAINT "upd_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upd_documents" ADD CONSTRAINT "upd_documents_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upd_lines" ADD CONSTRAINT "upd_lines_upd_id_upd_documents_id_fk" FOREIGN KEY ("upd_id") REFERENCES "public"."upd_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upd_lines" ADD CONSTRAINT "upd_lines_reserve_id_reserves_id_fk" FOREIGN KEY ("reserve_id") REFERENCES "public"."reserves"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "upd_documents_year_number_idx" ON "upd_documents" USING btree ("year","number");--> statement-breakpoint
CREATE INDEX "upd_documents_buyer_idx" ON "upd_documents" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "upd_lines_reserve_idx" ON "upd_lines" USING btree ("reserve_id");--> statement-breakpoint
CREATE UNIQUE INDEX "upd_lines_live_reserve_idx" ON "upd_lines" USING btree ("reserve_id") WHERE NOT "upd_lines"."cancelled";
