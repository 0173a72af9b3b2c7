CREATE TYPE "public"."prompt_kind" AS ENUM('best', 'comparison', 'alternatives', 'how-to');--> statement-breakpoint
UPDATE "prompts" SET "kind" = 'best' WHERE "kind" IS NULL OR "kind" NOT IN ('best', 'comparison', 'alternatives', 'how-to');--> statement-breakpoint
ALTER TABLE "prompts" ALTER COLUMN "kind" SET DATA TYPE "public"."prompt_kind" USING "kind"::"public"."prompt_kind";--> statement-breakpoint
ALTER TABLE "prompts" ALTER COLUMN "kind" SET DEFAULT 'best'::"public"."prompt_kind";--> statement-breakpoint
ALTER TABLE "prompts" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "schedule_hour" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "schedule_weekday" integer;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "timezone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "source_quick_score_id" uuid;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "score" integer;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "metrics" jsonb;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_source_quick_score_id_quick_scores_id_fk" FOREIGN KEY ("source_quick_score_id") REFERENCES "public"."quick_scores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_workspace_quick_score_idx" ON "brands" USING btree ("workspace_id","source_quick_score_id");--> statement-breakpoint
CREATE INDEX "keywords_brand_idx" ON "keywords" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "prompts_keyword_idx" ON "prompts" USING btree ("keyword_id");--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_schedule_hour_check" CHECK ("brands"."schedule_hour" between 0 and 23);--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_schedule_weekday_check" CHECK ("brands"."schedule_weekday" is null or "brands"."schedule_weekday" between 0 and 6);