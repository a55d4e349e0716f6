CREATE TABLE "referral_withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"phone_number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"conversation_id" text,
	"receipt" text,
	"result_code" integer,
	"result_desc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "referral_withdrawals_amount_check" CHECK ("referral_withdrawals"."amount_cents" > 0),
	CONSTRAINT "referral_withdrawals_status_check" CHECK ("referral_withdrawals"."status" in ('pending', 'completed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "referral_withdrawals" ADD CONSTRAINT "referral_withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_withdrawals_one_pending_key" ON "referral_withdrawals" USING btree ("user_id") WHERE "referral_withdrawals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "referral_withdrawals_user_created_idx" ON "referral_withdrawals" USING btree ("user_id","created_at");