ALTER TABLE "conversations" ADD COLUMN "last_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "client_message_id" text;--> statement-breakpoint
UPDATE "messages" SET "seq" = "numbered"."n" FROM (SELECT "id", row_number() OVER (PARTITION BY "conversation_id" ORDER BY "created_at", "id") AS "n" FROM "messages") AS "numbered" WHERE "messages"."id" = "numbered"."id";--> statement-breakpoint
UPDATE "conversations" SET "last_seq" = coalesce((SELECT max("seq") FROM "messages" WHERE "messages"."conversation_id" = "conversations"."id"), 0);--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_conversation_seq_key" ON "messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_message_key" ON "messages" USING btree ("conversation_id","sender_id","client_message_id");
