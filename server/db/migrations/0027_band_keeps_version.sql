-- Issue 33: a write that only makes a record follow the business settings (every offer's selling band after a
-- settings save) keeps the record's version, so a card open on it stays current and its save is not refused as
-- stale. Such a write says so for its own transaction: set_config('nutdesk.keep_version', 'on', true).
CREATE OR REPLACE FUNCTION bump_record_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('nutdesk.keep_version', true), '') = 'on' THEN
    NEW.version := OLD.version;
  ELSE
    NEW.version := OLD.version + 1;
  END IF;
  RETURN NEW;
END
$$;
