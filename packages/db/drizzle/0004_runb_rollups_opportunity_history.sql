CREATE TABLE "opportunity_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"from_status" "opportunity_status",
	"to_status" "opportunity_status" NOT NULL,
	"run_id" uuid,
	"user_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "metric_snapshots" DROP CONSTRAINT "metric_snapshots_key";--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "resolved_by_run_id" uuid;--> statement-breakpoint
ALTER TABLE "metric_snapshots" ADD COLUMN "branded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "metric_snapshots" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "opportunity_status_changes" ADD CONSTRAINT "opportunity_status_changes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_status_changes" ADD CONSTRAINT "opportunity_status_changes_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_status_changes" ADD CONSTRAINT "opportunity_status_changes_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opportunity_status_changes_opportunity_idx" ON "opportunity_status_changes" USING btree ("opportunity_id","created_at");--> statement-breakpoint
CREATE INDEX "opportunity_status_changes_workspace_idx" ON "opportunity_status_changes" USING btree ("workspace_id");--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_resolved_by_run_id_runs_id_fk" FOREIGN KEY ("resolved_by_run_id") REFERENCES "public"."runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_snapshots" ADD CONSTRAINT "metric_snapshots_key" UNIQUE NULLS NOT DISTINCT("brand_id","day","engine","keyword_id","branded");