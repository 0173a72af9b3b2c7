CREATE TYPE "public"."channel_kind" AS ENUM('WEBHOOK', 'SLACK');--> statement-breakpoint
ALTER TABLE "webhooks" ALTER COLUMN "sealed_secret" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "kind" "channel_kind" DEFAULT 'WEBHOOK' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "sealed_url" text;