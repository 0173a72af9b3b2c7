CREATE TABLE "source_corrections" (
	"workspace_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"kind" text NOT NULL,
	"set_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "source_corrections_workspace_id_domain_pk" PRIMARY KEY("workspace_id","domain"),
	CONSTRAINT "source_corrections_kind_check" CHECK ("source_corrections"."kind" in ('owned', 'competitor', 'editorial', 'ugc', 'reference', 'other'))
);
--> statement-breakpoint
ALTER TABLE "source_corrections" ADD CONSTRAINT "source_corrections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;