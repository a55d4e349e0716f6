CREATE INDEX "offers_status_created_idx" ON "offers" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "offers_store_status_idx" ON "offers" USING btree ("store_id","status","expiration_date");--> statement-breakpoint
CREATE INDEX "offers_search_idx" ON "offers" USING gin (to_tsvector('english', "title" || ' ' || "description" || ' ' || "category"));--> statement-breakpoint
CREATE INDEX "services_category_idx" ON "services" USING btree ("category");--> statement-breakpoint
CREATE INDEX "stores_search_idx" ON "stores" USING gin (to_tsvector('english', "name" || ' ' || "description" || ' ' || "category"));