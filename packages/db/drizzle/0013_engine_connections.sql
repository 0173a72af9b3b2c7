CREATE TYPE "public"."connection_status" AS ENUM('CONNECTED', 'FAILING', 'UNTESTED');--> statement-breakpoint
CREATE TYPE "public"."engine_kind" AS ENUM('OPENAI', 'ANTHROPIC', 'GOOGLE', 'PERPLEXITY', 'XAI', 'DEEPSEEK', 'MISTRAL', 'OPENAI_COMPATIBLE', 'AI_OVERVIEW', 'AI_MODE');--> statement-breakpoint
CREATE TABLE "engine_connections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" "engine_kind" NOT NULL,
	"label" text NOT NULL,
	"base_url" text,
	"model" text,
	"sealed_key" text,
	"key_hint" text,
	"status" "connection_status" DEFAULT 'UNTESTED' NOT NULL,
	"last_error" text,
	"models" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "engine_connections" ADD CONSTRAINT "engine_connections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "engine_connections_workspace_kind_idx" ON "engine_connections" USING btree ("workspace_id","kind");