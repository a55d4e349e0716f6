CREATE TABLE "chat_uploads" (
	"name" text PRIMARY KEY NOT NULL,
	"uploader_id" uuid NOT NULL,
	"uploader_role" text NOT NULL,
	"attached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_uploads_pending_idx" ON "chat_uploads" USING btree ("uploader_id","created_at") WHERE "chat_uploads"."attached_at" is null;--> statement-breakpoint
-- Issue 31 finding 5: one verified phone, one live account. Where several accounts verified the
-- same number, the first to be created keeps it verified; the others must verify another number.
UPDATE "users" SET "is_phone_verified" = false
WHERE "is_phone_verified" AND "deleted_at" IS NULL AND "id" NOT IN (
  SELECT DISTINCT ON ("phone_number") "id" FROM "users"
  WHERE "is_phone_verified" AND "deleted_at" IS NULL AND "phone_number" IS NOT NULL
  ORDER BY "phone_number", "created_at", "id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_phone_key" ON "users" USING btree ("phone_number") WHERE "users"."is_phone_verified" and "users"."deleted_at" is null;