CREATE TABLE "mpesa_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"refund_id" uuid,
	"subject" text,
	"subject_id" uuid,
	"amount" integer,
	"status" text DEFAULT 'sending' NOT NULL,
	"conversation_id" text,
	"originator_conversation_id" text,
	"result_code" text,
	"result_desc" text,
	"receipt" text,
	"answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "mpesa_requests_kind_check" CHECK ("mpesa_requests"."kind" in ('reversal', 'b2c', 'status')),
	CONSTRAINT "mpesa_requests_status_check" CHECK ("mpesa_requests"."status" in ('sending', 'accepted', 'completed', 'failed', 'timed_out')),
	CONSTRAINT "mpesa_requests_subject_check" CHECK ("mpesa_requests"."subject" is null or "mpesa_requests"."subject" in ('payment', 'withdrawal', 'request'))
);
--> statement-breakpoint
CREATE TABLE "payment_split_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"split_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"amount" integer NOT NULL,
	"phone_number" text,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payment_split_shares_status_check" CHECK ("payment_split_shares"."status" in ('open', 'pending', 'paid')),
	CONSTRAINT "payment_split_shares_amount_check" CHECK ("payment_split_shares"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_splits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"organiser_id" uuid,
	"token" text NOT NULL,
	"party_size" integer NOT NULL,
	"total_amount" integer NOT NULL,
	"offer_id" uuid NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "payment_splits_status_check" CHECK ("payment_splits"."status" in ('open', 'paid', 'lapsed', 'cancelled')),
	CONSTRAINT "payment_splits_party_check" CHECK ("payment_splits"."party_size" between 2 and 10)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"user_id" uuid,
	"amount" integer NOT NULL,
	"phone_number" text,
	"original_receipt" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"method" text,
	"receipt" text,
	"result_code" text,
	"result_desc" text,
	"support_reference" text,
	"checking_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('pending', 'processing', 'completed', 'failed')),
	CONSTRAINT "refunds_method_check" CHECK ("refunds"."method" is null or "refunds"."method" in ('reversal', 'b2c')),
	CONSTRAINT "refunds_reason_check" CHECK ("refunds"."reason" in ('cancelled', 'duplicate', 'underpaid')),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "party_size" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checking_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "share_id" uuid;--> statement-breakpoint
ALTER TABLE "referral_withdrawals" ADD COLUMN "checking_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mpesa_requests" ADD CONSTRAINT "mpesa_requests_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_split_shares" ADD CONSTRAINT "payment_split_shares_split_id_payment_splits_id_fk" FOREIGN KEY ("split_id") REFERENCES "public"."payment_splits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_splits" ADD CONSTRAINT "payment_splits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_splits" ADD CONSTRAINT "payment_splits_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_requests_conversation_key" ON "mpesa_requests" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "mpesa_requests_refund_idx" ON "mpesa_requests" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "mpesa_requests_subject_idx" ON "mpesa_requests" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "mpesa_requests_open_idx" ON "mpesa_requests" USING btree ("created_at") WHERE "mpesa_requests"."status" in ('sending', 'accepted', 'timed_out');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_split_shares_position_key" ON "payment_split_shares" USING btree ("split_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_splits_booking_key" ON "payment_splits" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_splits_token_key" ON "payment_splits" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_splits_open_slot_key" ON "payment_splits" USING btree ("organiser_id","offer_id","start_time") WHERE "payment_splits"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_key" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_support_reference_key" ON "refunds" USING btree ("support_reference");--> statement-breakpoint
CREATE INDEX "refunds_booking_idx" ON "refunds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "refunds_open_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" in ('pending', 'processing');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_share_id_payment_split_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."payment_split_shares"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_share_idx" ON "payments" USING btree ("share_id") WHERE "payments"."share_id" is not null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_party_size_check" CHECK ("bookings"."party_size" between 1 and 10);