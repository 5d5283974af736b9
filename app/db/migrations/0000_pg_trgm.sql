-- Trigram indexes on business search columns need this extension before the tables exist.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
