-- Full-text search in Spanish without accents: 'constitucion' finds 'Constitución'. pg_trgm tolerates misspellings.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'es_legal') THEN
    CREATE TEXT SEARCH CONFIGURATION es_legal (COPY = pg_catalog.spanish);
    ALTER TEXT SEARCH CONFIGURATION es_legal
      ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;
  END IF;
END
$$;
