ALTER TABLE "metric_snapshots" DROP CONSTRAINT "metric_snapshots_key";--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "metric_snapshots" ADD COLUMN "country" text DEFAULT '*' NOT NULL;--> statement-breakpoint
ALTER TABLE "metric_snapshots" ADD COLUMN "language" text DEFAULT '*' NOT NULL;--> statement-breakpoint
ALTER TABLE "metric_snapshots" ADD CONSTRAINT "metric_snapshots_key" UNIQUE NULLS NOT DISTINCT("brand_id","day","engine","keyword_id","branded","country","language");