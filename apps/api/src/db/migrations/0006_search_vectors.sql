DROP INDEX "offers_search_idx";--> statement-breakpoint
DROP INDEX "stores_search_idx";--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(category, ''))) STORED;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(name, '') || ' ' || coalesce(description, '') || ' ' || coalesce(category, ''))) STORED;--> statement-breakpoint
CREATE INDEX "offers_search_vector_idx" ON "offers" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "stores_search_vector_idx" ON "stores" USING gin ("search_vector");