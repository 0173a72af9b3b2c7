CREATE TYPE "public"."actor_type" AS ENUM('user', 'api_key', 'system');--> statement-breakpoint
DROP INDEX "activity_log_workspace_created_idx";--> statement-breakpoint
ALTER TABLE "activity_log" ADD COLUMN "subject_type" text;--> statement-breakpoint
ALTER TABLE "activity_log" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
ALTER TABLE "activity_log" ADD COLUMN "brand_id" uuid;--> statement-breakpoint
ALTER TABLE "activity_log" ADD COLUMN "actor_type" "actor_type" DEFAULT 'system' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_log" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "activity_log" ADD COLUMN "actor_name" text;--> statement-breakpoint
CREATE INDEX "activity_log_workspace_brand_idx" ON "activity_log" USING btree ("workspace_id","brand_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_workspace_actor_idx" ON "activity_log" USING btree ("workspace_id","actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_workspace_kind_idx" ON "activity_log" USING btree ("workspace_id","kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_created_idx" ON "activity_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "activity_log_workspace_created_idx" ON "activity_log" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Rows written before these columns (prompt-set changes, method changes) name their brand in `subject`.
UPDATE "activity_log" SET "subject_type" = 'brand', "subject_id" = "subject"::uuid, "brand_id" = "subject"::uuid WHERE "subject" ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
