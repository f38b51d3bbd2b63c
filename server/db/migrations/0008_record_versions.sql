ALTER TABLE "cities" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "record_history" ADD COLUMN "version" integer;--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Every UPDATE of a record bumps its version, whoever writes it (a card, a reserve's step, the stock writer, bulk
-- delete): the database keeps the count, so no write path can forget it.
CREATE FUNCTION bump_record_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER offers_version BEFORE UPDATE ON "offers" FOR EACH ROW EXECUTE FUNCTION bump_record_version();--> statement-breakpoint
CREATE TRIGGER reserves_version BEFORE UPDATE ON "reserves" FOR EACH ROW EXECUTE FUNCTION bump_record_version();--> statement-breakpoint
CREATE TRIGGER employees_version BEFORE UPDATE ON "employees" FOR EACH ROW EXECUTE FUNCTION bump_record_version();--> statement-breakpoint
CREATE TRIGGER suppliers_version BEFORE UPDATE ON "suppliers" FOR EACH ROW EXECUTE FUNCTION bump_record_version();--> statement-breakpoint
CREATE TRIGGER products_version BEFORE UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION bump_record_version();--> statement-breakpoint
CREATE TRIGGER cities_version BEFORE UPDATE ON "cities" FOR EACH ROW EXECUTE FUNCTION bump_record_version();
