-- The delivered cost (issue 33): the right to type a reserve's delivery cost below its route's is a role setting
-- (administrators always hold it); a role's users hold it from their next request, like the matrix.
ALTER TABLE "roles" ADD COLUMN "lower_delivery_cost" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TRIGGER "roles_auth_epoch" BEFORE UPDATE OF "lower_delivery_cost" ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "auth_epoch_bump"();
--> statement-breakpoint
-- A lowered delivery cost keeps the route's figure beside it (null: the cost is the route's or above it).
ALTER TABLE "reserves" ADD COLUMN "route_delivery_cost" numeric(14, 2);
