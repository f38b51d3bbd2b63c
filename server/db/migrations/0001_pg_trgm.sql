-- Trigram indexes make "contains" filters on growing tables (offers, reserves) fast.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
