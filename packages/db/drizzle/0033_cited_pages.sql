ALTER TYPE "public"."opportunity_type" ADD VALUE 'source_outreach';--> statement-breakpoint
CREATE TABLE "cited_page_mentions" (
	"workspace_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"url" text NOT NULL,
	"brand_mentioned" boolean NOT NULL,
	"competitors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"analyzed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cited_page_mentions_brand_id_url_pk" PRIMARY KEY("brand_id","url")
);
--> statement-breakpoint
CREATE TABLE "cited_page_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"status" "job_status" DEFAULT 'QUEUED' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cited_pages" (
	"url" text PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"status" text NOT NULL,
	"http_status" integer,
	"error_code" text,
	"error" text,
	"title" text,
	"body" text,
	"contact_url" text,
	"contact_kind" text,
	"fetched_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "cited_pages_status_check" CHECK ("cited_pages"."status" in ('READ', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "cited_page_mentions" ADD CONSTRAINT "cited_page_mentions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cited_page_mentions" ADD CONSTRAINT "cited_page_mentions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cited_page_mentions" ADD CONSTRAINT "cited_page_mentions_url_cited_pages_url_fk" FOREIGN KEY ("url") REFERENCES "public"."cited_pages"("url") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cited_page_scans" ADD CONSTRAINT "cited_page_scans_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cited_page_scans" ADD CONSTRAINT "cited_page_scans_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cited_page_mentions_workspace_idx" ON "cited_page_mentions" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "cited_page_scans_brand_created_idx" ON "cited_page_scans" USING btree ("brand_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "cited_page_scans_brand_open_idx" ON "cited_page_scans" USING btree ("brand_id") WHERE "cited_page_scans"."status" in ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE INDEX "cited_page_scans_open_idx" ON "cited_page_scans" USING btree ("created_at") WHERE "cited_page_scans"."status" in ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE INDEX "cited_page_scans_workspace_idx" ON "cited_page_scans" USING btree ("workspace_id");