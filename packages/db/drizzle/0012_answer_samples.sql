DROP INDEX "answers_run_prompt_engine_idx";--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "samples" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "sample" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "samples" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "answers_run_prompt_engine_sample_idx" ON "answers" USING btree ("run_id","prompt_text","engine","sample");--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_samples_check" CHECK ("brands"."samples" between 1 and 5);