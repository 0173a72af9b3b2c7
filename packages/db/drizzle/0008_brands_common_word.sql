ALTER TABLE "brands" ADD COLUMN "common_word" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "competitors" ADD COLUMN "common_word" boolean DEFAULT false NOT NULL;