CREATE TYPE "public"."ingest_status" AS ENUM('PENDING', 'READING', 'READ', 'FAILED');--> statement-breakpoint
ALTER TABLE "published_items" ADD COLUMN "ingest_status" "ingest_status" DEFAULT 'PENDING' NOT NULL;--> statement-breakpoint
ALTER TABLE "published_items" ADD COLUMN "ingest_error" text;--> statement-breakpoint
ALTER TABLE "published_items" ADD COLUMN "ingest_attempted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "published_items_ingest_open_idx" ON "published_items" USING btree ("ingest_attempted_at") WHERE ingest_status in ('PENDING', 'READING');--> statement-breakpoint
-- Existing items: a page already read is READ (since it was read); the rest are PENDING from now, so the reconciler enqueues their reading.
UPDATE "published_items" SET "ingest_status" = 'READ', "ingest_attempted_at" = "ingested_at" WHERE "ingested_at" IS NOT NULL;
