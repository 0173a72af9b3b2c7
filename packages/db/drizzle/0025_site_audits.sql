ALTER TYPE "public"."opportunity_type" ADD VALUE 'technical';--> statement-breakpoint
CREATE TABLE "site_audits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"status" "job_status" DEFAULT 'QUEUED' NOT NULL,
	"origin" text,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"step" text,
	"score" integer,
	"report" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "finding_key" text;--> statement-breakpoint
ALTER TABLE "site_audits" ADD CONSTRAINT "site_audits_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_audits" ADD CONSTRAINT "site_audits_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_audits_brand_created_idx" ON "site_audits" USING btree ("brand_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "site_audits_brand_open_idx" ON "site_audits" USING btree ("brand_id") WHERE "site_audits"."status" in ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE INDEX "site_audits_open_idx" ON "site_audits" USING btree ("created_at") WHERE "site_audits"."status" in ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE UNIQUE INDEX "opportunities_brand_finding_idx" ON "opportunities" USING btree ("brand_id","finding_key") WHERE "opportunities"."finding_key" is not null;