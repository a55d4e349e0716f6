CREATE TABLE "whatsapp_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"template" text NOT NULL,
	"language" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"sms_text" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"wamid" text,
	"error" text,
	"fell_back_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_messages_status" CHECK ("whatsapp_messages"."status" in ('queued', 'accepted', 'sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_pace" (
	"phone" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "whatsapp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_wamid_key" ON "whatsapp_messages" USING btree ("wamid");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_user_created_idx" ON "whatsapp_messages" USING btree ("user_id","created_at");
