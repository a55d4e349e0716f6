ALTER TABLE "offers" ADD COLUMN "location_id" text;--> statement-breakpoint
UPDATE "offers" o SET "location_id" = s."location_id" FROM "stores" s WHERE s."id" = o."store_id";--> statement-breakpoint
CREATE FUNCTION offers_copy_store_location() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.location_id := (SELECT s.location_id FROM stores s WHERE s.id = NEW.store_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER offers_store_location BEFORE INSERT OR UPDATE OF store_id, location_id ON "offers"
  FOR EACH ROW EXECUTE FUNCTION offers_copy_store_location();--> statement-breakpoint
CREATE FUNCTION stores_push_location_to_offers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE offers SET location_id = NEW.location_id WHERE store_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER stores_location_to_offers AFTER UPDATE OF location_id ON "stores"
  FOR EACH ROW WHEN (OLD.location_id IS DISTINCT FROM NEW.location_id)
  EXECUTE FUNCTION stores_push_location_to_offers();--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_hot_latest_idx" ON "offers" USING btree (created_at desc, id desc, location_id, category, expiration_date) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "offers_hot_loc_latest_idx" ON "offers" USING btree ("location_id",created_at desc, id desc, category, expiration_date) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "offers_hot_discount_idx" ON "offers" USING btree (discount desc, created_at desc, id asc, location_id, category, expiration_date) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "offers_hot_loc_discount_idx" ON "offers" USING btree ("location_id",discount desc, created_at desc, id asc, category, expiration_date) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "offers_hot_price_asc_idx" ON "offers" USING btree (round(original_price * (100 - discount) / 100, 2) asc nulls last, created_at desc, id asc, location_id, category, expiration_date) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "offers_hot_loc_price_asc_idx" ON "offers" USING btree ("location_id",round(original_price * (100 - discount) / 100, 2) asc nulls last, created_at desc, id asc, category, expiration_date) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "offers_hot_price_desc_idx" ON "offers" USING btree (round(original_price * (100 - discount) / 100, 2) desc nulls last, created_at desc, id asc, location_id, category, expiration_date) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "offers_hot_loc_price_desc_idx" ON "offers" USING btree ("location_id",round(original_price * (100 - discount) / 100, 2) desc nulls last, created_at desc, id asc, category, expiration_date) WHERE status = 'active';
