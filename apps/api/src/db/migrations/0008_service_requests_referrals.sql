CREATE TABLE "referral_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid NOT NULL,
	"referred_user_id" uuid,
	"booking_id" uuid NOT NULL,
	"paid_fee_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'credited' NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rewards_amount_check" CHECK ("referral_rewards"."amount_cents" >= 0 and "referral_rewards"."paid_fee_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "service_request_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"quoted_price" numeric(12, 2) NOT NULL,
	"message" text NOT NULL,
	"availability" text NOT NULL,
	"estimated_duration" text,
	"includes_supplies" boolean DEFAULT false NOT NULL,
	"warranty" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_request_quotes_price_check" CHECK ("service_request_quotes"."quoted_price" > 0),
	CONSTRAINT "service_request_quotes_status_check" CHECK ("service_request_quotes"."status" in ('pending', 'accepted', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "service_request_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"review" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_request_reviews_rating_check" CHECK ("service_request_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"budget_min" numeric(12, 2) NOT NULL,
	"budget_max" numeric(12, 2) NOT NULL,
	"timeline" text NOT NULL,
	"location" text NOT NULL,
	"requirements" text[] DEFAULT '{}'::text[] NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"accepted_quote_id" uuid,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_requests_budget_check" CHECK ("service_requests"."budget_max" > "service_requests"."budget_min" and "service_requests"."budget_min" >= 0),
	CONSTRAINT "service_requests_status_check" CHECK ("service_requests"."status" in ('pending', 'active', 'in_progress', 'completed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_quotes" ADD CONSTRAINT "service_request_quotes_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_quotes" ADD CONSTRAINT "service_request_quotes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_quotes" ADD CONSTRAINT "service_request_quotes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_reviews" ADD CONSTRAINT "service_request_reviews_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_reviews" ADD CONSTRAINT "service_request_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_reviews" ADD CONSTRAINT "service_request_reviews_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_booking_key" ON "referral_rewards" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "referral_rewards_referrer_created_idx" ON "referral_rewards" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_request_quotes_live_store_key" ON "service_request_quotes" USING btree ("request_id","store_id") WHERE "service_request_quotes"."status" in ('pending', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "service_request_quotes_one_accepted_key" ON "service_request_quotes" USING btree ("request_id") WHERE "service_request_quotes"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "service_request_quotes_request_idx" ON "service_request_quotes" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "service_request_quotes_merchant_idx" ON "service_request_quotes" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_request_reviews_request_key" ON "service_request_reviews" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "service_requests_status_created_idx" ON "service_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_user_created_idx" ON "service_requests" USING btree ("user_id","created_at");