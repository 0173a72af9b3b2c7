CREATE TABLE "crawler_hits" (
	"workspace_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"day" date NOT NULL,
	"agent" text NOT NULL,
	"verification" text NOT NULL,
	"path" text NOT NULL,
	"status" smallint NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "crawler_hits_brand_id_day_agent_verification_path_status_pk" PRIMARY KEY("brand_id","day","agent","verification","path","status"),
	CONSTRAINT "crawler_hits_verification_check" CHECK ("crawler_hits"."verification" in ('verified', 'unverified', 'unverifiable'))
);
--> statement-breakpoint
CREATE TABLE "crawler_log_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"source" text NOT NULL,
	"file_name" text,
	"format" text,
	"bytes" bigint NOT NULL,
	"lines" integer NOT NULL,
	"malformed" integer NOT NULL,
	"verified" integer NOT NULL,
	"unverified" integer NOT NULL,
	"unverifiable" integer NOT NULL,
	"first_day" date,
	"last_day" date,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crawler_hits" ADD CONSTRAINT "crawler_hits_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawler_hits" ADD CONSTRAINT "crawler_hits_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawler_log_imports" ADD CONSTRAINT "crawler_log_imports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawler_log_imports" ADD CONSTRAINT "crawler_log_imports_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crawler_hits_workspace_idx" ON "crawler_hits" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "crawler_hits_brand_path_idx" ON "crawler_hits" USING btree ("brand_id","path","day");--> statement-breakpoint
CREATE INDEX "crawler_log_imports_brand_created_idx" ON "crawler_log_imports" USING btree ("brand_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crawler_log_imports_workspace_idx" ON "crawler_log_imports" USING btree ("workspace_id");