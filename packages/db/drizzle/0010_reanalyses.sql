CREATE TABLE "reanalyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"status" "job_status" DEFAULT 'QUEUED' NOT NULL,
	"method_changed" boolean DEFAULT false NOT NULL,
	"analyzer_version" integer,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "analyzer_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reanalyses" ADD CONSTRAINT "reanalyses_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reanalyses" ADD CONSTRAINT "reanalyses_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reanalyses_brand_created_idx" ON "reanalyses" USING btree ("brand_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reanalyses_brand_queued_idx" ON "reanalyses" USING btree ("brand_id") WHERE "reanalyses"."status" = 'QUEUED';--> statement-breakpoint
CREATE UNIQUE INDEX "reanalyses_brand_running_idx" ON "reanalyses" USING btree ("brand_id") WHERE "reanalyses"."status" = 'RUNNING';--> statement-breakpoint
CREATE INDEX "reanalyses_open_idx" ON "reanalyses" USING btree ("created_at") WHERE "reanalyses"."status" in ('QUEUED', 'RUNNING');