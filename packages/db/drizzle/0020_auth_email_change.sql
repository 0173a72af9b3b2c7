ALTER TABLE "auth_users" ADD COLUMN "email_change" text;--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "email_change_token_hash" text;--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "email_change_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_users_email_change_token_key" ON "auth_users" USING btree ("email_change_token_hash") WHERE "auth_users"."email_change_token_hash" is not null;