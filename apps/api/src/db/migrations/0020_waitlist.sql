CREATE TABLE "slot_waits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"booking_type" text NOT NULL,
	"service_id" uuid,
	"offer_id" uuid,
	"resource_id" uuid NOT NULL,
	"branch_id" uuid,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"slot_key" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_waits_status_check" CHECK ("slot_waits"."status" in ('waiting', 'offered', 'booked', 'expired', 'cancelled')),
	CONSTRAINT "slot_waits_type_check" CHECK ("slot_waits"."booking_type" in ('offer', 'service'))
);
--> statement-breakpoint
ALTER TABLE "slot_waits" ADD CONSTRAINT "slot_waits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_waits" ADD CONSTRAINT "slot_waits_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_waits" ADD CONSTRAINT "slot_waits_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_waits" ADD CONSTRAINT "slot_waits_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_waits" ADD CONSTRAINT "slot_waits_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "slot_waits_open_key" ON "slot_waits" USING btree ("slot_key","user_id") WHERE "slot_waits"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "slot_waits_slot_idx" ON "slot_waits" USING btree ("slot_key","status","created_at");--> statement-breakpoint
CREATE INDEX "slot_waits_resource_idx" ON "slot_waits" USING btree ("resource_id","start_time");--> statement-breakpoint
CREATE INDEX "slot_waits_user_idx" ON "slot_waits" USING btree ("user_id","status");