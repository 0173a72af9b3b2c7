CREATE TABLE "budget_holds" (
	"key" text PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"month" text NOT NULL,
	"run_id" uuid NOT NULL,
	"amount_usd" numeric(14, 8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_spend" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"month" text NOT NULL,
	"spent_usd" numeric(14, 8) DEFAULT 0 NOT NULL,
	"budget_usd" numeric(12, 2),
	"warned_at" timestamp with time zone,
	"reached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "monthly_budget_usd" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "budget_holds" ADD CONSTRAINT "budget_holds_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_holds" ADD CONSTRAINT "budget_holds_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_spend" ADD CONSTRAINT "workspace_spend_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_holds_workspace_month_idx" ON "budget_holds" USING btree ("workspace_id","month");--> statement-breakpoint
CREATE INDEX "budget_holds_run_idx" ON "budget_holds" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_spend_month_idx" ON "workspace_spend" USING btree ("workspace_id","month");