ALTER TABLE "published_items" ADD COLUMN "site_url" text;--> statement-breakpoint
-- Rows written before: the site's address now is the best record of where the post was written.
UPDATE "published_items" AS "pi" SET "site_url" = "s"."base_url" FROM "wordpress_sites" AS "s" WHERE "s"."id" = "pi"."site_id";
