-- The auth epoch announces each move (by the bump triggers of migration 0010, or by hand). On the embedded PGlite
-- (one process, one connection) the announcement reaches the app before the statement that committed the move
-- returns, so the app keeps the epoch in memory instead of reading it on every request; on a PostgreSQL server each
-- request still reads it (a notification can be on its way to another instance when that instance's next request
-- arrives).
CREATE OR REPLACE FUNCTION "auth_epoch_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_epoch', NEW."epoch"::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "auth_epoch_moved" AFTER UPDATE OF "epoch" ON "auth_epoch" FOR EACH ROW EXECUTE FUNCTION "auth_epoch_announce"();
