CREATE TABLE "served_model_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"engine" text NOT NULL,
	"previous_model" text NOT NULL,
	"served_model" text NOT NULL,
	"run_id" uuid NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "served_model_changes_run_engine_key" UNIQUE("run_id","engine")
);
--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "served_model_changes" ADD CONSTRAINT "served_model_changes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "served_model_changes" ADD CONSTRAINT "served_model_changes_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "served_model_changes" ADD CONSTRAINT "served_model_changes_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "served_model_changes_workspace_idx" ON "served_model_changes" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "served_model_changes_brand_idx" ON "served_model_changes" USING btree ("brand_id","detected_at");--> statement-breakpoint
CREATE UNIQUE INDEX "runs_brand_open_idx" ON "runs" USING btree ("brand_id") WHERE "runs"."status" in ('QUEUED', 'RUNNING') and "runs"."brand_id" is not null;