-- Issue 34: a counter every announced write moves (server/db/changes.ts), read by the cache of buyers' links
-- (server/priceList/publicCache.ts): a list built before the last change is not served again, on any instance.
CREATE SEQUENCE "change_generation";
