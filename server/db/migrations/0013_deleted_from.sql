-- Trash and restore (issue 25): a deleted record remembers the status it was deleted from, so a restore puts it
-- back there (a completed reserve stays completed, a deactivated product deactivated). Kept by a trigger, so every
-- delete path (bulk delete, any later one) records it without knowing; a restore clears it.
ALTER TABLE "offers" ADD COLUMN "deleted_from" text;--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "deleted_from" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "deleted_from" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "deleted_from" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deleted_from" text;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "deleted_from" text;--> statement-breakpoint
CREATE FUNCTION remember_deleted_from() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'deleted' AND OLD.status <> 'deleted' THEN
    NEW.deleted_from := OLD.status;
  ELSIF NEW.status <> 'deleted' THEN
    NEW.deleted_from := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER offers_deleted_from BEFORE UPDATE OF status ON "offers" FOR EACH ROW EXECUTE FUNCTION remember_deleted_from();--> statement-breakpoint
CREATE TRIGGER reserves_deleted_from BEFORE UPDATE OF status ON "reserves" FOR EACH ROW EXECUTE FUNCTION remember_deleted_from();--> statement-breakpoint
CREATE TRIGGER employees_deleted_from BEFORE UPDATE OF status ON "employees" FOR EACH ROW EXECUTE FUNCTION remember_deleted_from();--> statement-breakpoint
CREATE TRIGGER suppliers_deleted_from BEFORE UPDATE OF status ON "suppliers" FOR EACH ROW EXECUTE FUNCTION remember_deleted_from();--> statement-breakpoint
CREATE TRIGGER products_deleted_from BEFORE UPDATE OF status ON "products" FOR EACH ROW EXECUTE FUNCTION remember_deleted_from();--> statement-breakpoint
CREATE TRIGGER cities_deleted_from BEFORE UPDATE OF status ON "cities" FOR EACH ROW EXECUTE FUNCTION remember_deleted_from();--> statement-breakpoint
-- records deleted before this migration: a reserve with an actual date was completed, anything else is taken as
-- having been active (a deleted active reserve released its amount: a restore takes it again, or is refused)
UPDATE "reserves" SET "deleted_from" = CASE WHEN "actual_date_implementation" IS NOT NULL THEN 'completed' ELSE 'active' END WHERE "status" = 'deleted';--> statement-breakpoint
UPDATE "offers" SET "deleted_from" = 'active' WHERE "status" = 'deleted';--> statement-breakpoint
UPDATE "employees" SET "deleted_from" = 'active' WHERE "status" = 'deleted';--> statement-breakpoint
UPDATE "suppliers" SET "deleted_from" = 'active' WHERE "status" = 'deleted';--> statement-breakpoint
UPDATE "products" SET "deleted_from" = 'active' WHERE "status" = 'deleted';--> statement-breakpoint
UPDATE "cities" SET "deleted_from" = 'active' WHERE "status" = 'deleted';
