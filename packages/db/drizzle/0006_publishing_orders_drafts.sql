ALTER TYPE "public"."published_status" ADD VALUE 'trash';--> statement-breakpoint
ALTER TYPE "public"."run_trigger" ADD VALUE 'targeted';--> statement-breakpoint
CREATE TABLE "draft_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"draft_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"body" text NOT NULL,
	"excerpt" text,
	"meta_title" text,
	"meta_description" text,
	"json_ld" jsonb,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "published_items" DROP CONSTRAINT "published_items_site_id_wordpress_sites_id_fk";
--> statement-breakpoint
ALTER TABLE "published_items" ALTER COLUMN "site_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "categories" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "writer" text;--> statement-breakpoint
ALTER TABLE "published_items" ADD COLUMN "published_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "published_items" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "published_items" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "published_items" ADD COLUMN "ingested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "published_items" ADD COLUMN "corpus_document_id" uuid;--> statement-breakpoint
ALTER TABLE "published_items" ADD COLUMN "remeasure_run_id" uuid;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "prompt_ids" uuid[];--> statement-breakpoint
ALTER TABLE "draft_versions" ADD CONSTRAINT "draft_versions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_versions" ADD CONSTRAINT "draft_versions_draft_id_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "draft_versions_draft_version_idx" ON "draft_versions" USING btree ("draft_id","version");--> statement-breakpoint
ALTER TABLE "published_items" ADD CONSTRAINT "published_items_corpus_document_id_corpus_documents_id_fk" FOREIGN KEY ("corpus_document_id") REFERENCES "public"."corpus_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_items" ADD CONSTRAINT "published_items_remeasure_run_id_runs_id_fk" FOREIGN KEY ("remeasure_run_id") REFERENCES "public"."runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_items" ADD CONSTRAINT "published_items_site_id_wordpress_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."wordpress_sites"("id") ON DELETE set null ON UPDATE no action;