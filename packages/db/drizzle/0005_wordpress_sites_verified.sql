ALTER TABLE "wordpress_sites" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "wordpress_sites" ALTER COLUMN "status" SET DEFAULT 'CONNECTED'::text;--> statement-breakpoint
DROP TYPE "public"."site_status";--> statement-breakpoint
-- Rows written before verification existed (PENDING, ERROR) count as failing until tested again.
UPDATE "wordpress_sites" SET "status" = 'FAILING' WHERE "status" <> 'CONNECTED';--> statement-breakpoint
CREATE TYPE "public"."site_status" AS ENUM('CONNECTED', 'FAILING');--> statement-breakpoint
ALTER TABLE "wordpress_sites" ALTER COLUMN "status" SET DEFAULT 'CONNECTED'::"public"."site_status";--> statement-breakpoint
ALTER TABLE "wordpress_sites" ALTER COLUMN "status" SET DATA TYPE "public"."site_status" USING "status"::"public"."site_status";--> statement-breakpoint
ALTER TABLE "wordpress_sites" ADD COLUMN "api_root" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "wordpress_sites" ADD COLUMN "capabilities" jsonb DEFAULT '{"canPublishPosts":false,"canUploadFiles":false,"canManageCategories":false,"seoPlugin":null,"seoMetaFields":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "wordpress_sites" ADD COLUMN "categories" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "wordpress_sites" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "wordpress_sites" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;