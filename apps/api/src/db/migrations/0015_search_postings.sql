-- Issue 16: the search index of active offers. A search reads the entries of its words' stems in
-- one B-tree and never touches the offers heap until it joins the page's winners. The rows are an
-- offer's words as to_tsvector('english', ...) stems them (title, store name, category and
-- description) with a bit per field (title 8, store name 4, category 2, description 1), a weight
-- that adds up where the word stands (10, 6, 4, 2), and `rank`, the word's relevance when it is
-- the only word searched: its weight, plus 5 in the title (40 if it is the whole title) and 10 in
-- the store's name (40 if the whole name). The index is in rank order within a term, so a
-- one-word search reads its page's entries first and stops. Ranks and discounts are smallint and
-- real: a search sorts and sums up to thousands of them, where numeric was the slow part.
CREATE TABLE "search_postings" (
	"term" text COLLATE "C" NOT NULL,
	"offer_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"fields" smallint NOT NULL,
	"weight" smallint NOT NULL,
	"rank" smallint NOT NULL,
	"title_terms" smallint NOT NULL,
	"name_terms" smallint NOT NULL,
	"location_id" text,
	"category" text NOT NULL,
	"discount" real NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expiration_date" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "search_postings" ADD CONSTRAINT "search_postings_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- An offer's own entries by word: the other words of a search are looked up in the candidates the
-- rarest word found (and deletes by offer use it).
CREATE INDEX "search_postings_offer_idx" ON "search_postings" USING btree ("offer_id", "term") INCLUDE ("fields", "weight");--> statement-breakpoint
CREATE INDEX "search_postings_term_idx" ON "search_postings" USING btree ("term", "rank" DESC, "discount" DESC, "offer_id")
	INCLUDE ("store_id", "fields", "weight", "title_terms", "name_terms", "location_id", "category", "created_at", "expiration_date");--> statement-breakpoint
-- Rewrites the rows of these offers: none for an offer that is not active (expiry is every
-- search's own filter, so an offer that expires needs no write).
CREATE FUNCTION search_postings_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_postings WHERE offer_id = ANY(ids);
  INSERT INTO search_postings (term, offer_id, store_id, fields, weight, rank, title_terms, name_terms,
                               location_id, category, discount, created_at, expiration_date)
  SELECT e.term, e.offer_id, e.store_id, e.fields, e.weight,
         e.weight
         + CASE WHEN e.fields & 8 > 0 THEN CASE WHEN e.title_terms = 1 THEN 40 ELSE 5 END ELSE 0 END
         + CASE WHEN e.fields & 4 > 0 THEN CASE WHEN e.name_terms = 1 THEN 40 ELSE 10 END ELSE 0 END,
         e.title_terms, e.name_terms, e.location_id, e.category, e.discount, e.created_at, e.expiration_date
  FROM (
    SELECT w.term, o.id AS offer_id, o.store_id, bit_or(w.field)::smallint AS fields,
           sum(CASE w.field WHEN 8 THEN 10 WHEN 4 THEN 6 WHEN 2 THEN 4 ELSE 2 END)::smallint AS weight,
           length(to_tsvector('english', o.title)) AS title_terms,
           length(to_tsvector('english', s.name)) AS name_terms,
           o.location_id, o.category, o.discount::real AS discount, o.created_at, o.expiration_date
    FROM offers o
    JOIN stores s ON s.id = o.store_id
    CROSS JOIN LATERAL (
      SELECT lexeme, 8 FROM unnest(to_tsvector('english', o.title))
      UNION ALL SELECT lexeme, 4 FROM unnest(to_tsvector('english', s.name))
      UNION ALL SELECT lexeme, 2 FROM unnest(to_tsvector('english', o.category))
      UNION ALL SELECT lexeme, 1 FROM unnest(to_tsvector('english', o.description))
    ) AS w(term, field)
    WHERE o.id = ANY(ids) AND o.status = 'active'
    GROUP BY w.term, o.id, s.name
  ) AS e
$$;--> statement-breakpoint
CREATE FUNCTION offers_postings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_postings_refresh(ARRAY(SELECT id FROM added));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER offers_postings_insert AFTER INSERT ON "offers"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION offers_postings_inserted();--> statement-breakpoint
-- Statement triggers with transition tables take no column list: the changed rows are picked here.
CREATE FUNCTION offers_postings_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  changed := ARRAY(
    SELECT a.id FROM after_rows a JOIN before_rows b ON b.id = a.id
    WHERE (a.title, a.description, a.category, a.status, a.discount, a.expiration_date, a.created_at,
           a.location_id, a.store_id)
      IS DISTINCT FROM
          (b.title, b.description, b.category, b.status, b.discount, b.expiration_date, b.created_at,
           b.location_id, b.store_id));
  IF cardinality(changed) > 0 THEN
    PERFORM search_postings_refresh(changed);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER offers_postings_update AFTER UPDATE ON "offers"
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION offers_postings_updated();--> statement-breakpoint
-- A store's name is in its offers' rows (its location reaches them through offers.location_id).
CREATE FUNCTION stores_postings_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  renamed uuid[];
BEGIN
  renamed := ARRAY(
    SELECT a.id FROM after_rows a JOIN before_rows b ON b.id = a.id WHERE a.name IS DISTINCT FROM b.name);
  IF cardinality(renamed) > 0 THEN
    PERFORM search_postings_refresh(ARRAY(SELECT o.id FROM offers o WHERE o.store_id = ANY(renamed)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER stores_postings_update AFTER UPDATE ON "stores"
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stores_postings_updated();--> statement-breakpoint
SELECT search_postings_refresh(ARRAY(SELECT id FROM offers));
