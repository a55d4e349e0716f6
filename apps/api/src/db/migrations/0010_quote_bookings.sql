ALTER TABLE "bookings" DROP CONSTRAINT "bookings_type_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_quote_id_service_request_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."service_request_quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_live_quote_key" ON "bookings" USING btree ("quote_id") WHERE "bookings"."quote_id" is not null and "bookings"."status" <> 'cancelled';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_type_check" CHECK ("bookings"."booking_type" in ('offer', 'service', 'quote'));