ALTER TABLE "invite_codes" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "invite_codes" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "extra_time_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "extra_time_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "users_disabled_at" ON "users" USING btree ("disabled_at") WHERE "users"."disabled_at" IS NOT NULL;