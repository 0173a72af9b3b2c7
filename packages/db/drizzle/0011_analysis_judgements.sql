CREATE TABLE "analysis_judgements" (
	"answer_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"start" integer NOT NULL,
	"model" text NOT NULL,
	"analyzer_version" integer NOT NULL,
	"brand" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_judgements_pk" PRIMARY KEY("answer_id","entity_id","start","model","analyzer_version")
);
--> statement-breakpoint
ALTER TABLE "analysis_judgements" ADD CONSTRAINT "analysis_judgements_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_judgements" ADD CONSTRAINT "analysis_judgements_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_judgements_workspace_idx" ON "analysis_judgements" USING btree ("workspace_id");