CREATE TABLE "report_send_recipients" (
	"schedule_id" uuid NOT NULL,
	"period_key" text NOT NULL,
	"recipient" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "report_send_recipients_schedule_id_period_key_recipient_pk" PRIMARY KEY("schedule_id","period_key","recipient")
);
--> statement-breakpoint
ALTER TABLE "report_sends" ADD COLUMN "status" text DEFAULT 'RUNNING' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_sends" ADD COLUMN "failure" text;--> statement-breakpoint
UPDATE "report_sends" SET "status" = 'COMPLETED' WHERE "sent_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "report_send_recipients" ADD CONSTRAINT "report_send_recipients_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_send_recipients" ADD CONSTRAINT "report_send_recipients_schedule_id_period_key_report_sends_schedule_id_period_key_fk" FOREIGN KEY ("schedule_id","period_key") REFERENCES "public"."report_sends"("schedule_id","period_key") ON DELETE cascade ON UPDATE no action;