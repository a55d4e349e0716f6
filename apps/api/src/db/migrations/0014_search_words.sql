CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION search_words_add(source text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(lower(source), '[^[:alnum:]]+') AS w
  WHERE length(w) BETWEEN 3 AND 40
  ORDER BY w
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
CREATE FUNCTION offers_add_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_add(coalesce(NEW.title, '') || ' ' || coalesce(NEW.category, ''));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER offers_search_words AFTER INSERT OR UPDATE OF title, category ON "offers"
  FOR EACH ROW EXECUTE FUNCTION offers_add_search_words();--> statement-breakpoint
CREATE FUNCTION stores_add_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_add(NEW.name);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER stores_search_words AFTER INSERT OR UPDATE OF name ON "stores"
  FOR EACH ROW EXECUTE FUNCTION stores_add_search_words();--> statement-breakpoint
SELECT search_words_add(string_agg(title || ' ' || coalesce(category, ''), ' ')) FROM "offers";--> statement-breakpoint
SELECT search_words_add(string_agg(name, ' ')) FROM "stores";
