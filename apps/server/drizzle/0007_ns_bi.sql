CREATE TABLE "bi_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"account_name" text NOT NULL,
	"synced_project_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_folder_items" (
	"bi_file_id" text PRIMARY KEY NOT NULL,
	"folder_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_clicks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"report_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_clicks_kind_check" CHECK ("user_clicks"."kind" in ('nsbi', 'report'))
);
--> statement-breakpoint
ALTER TABLE "bi_accounts" ADD CONSTRAINT "bi_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_folder_items" ADD CONSTRAINT "report_folder_items_folder_id_report_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."report_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_folders" ADD CONSTRAINT "report_folders_parent_id_report_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."report_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bi_accounts_account_name_key" ON "bi_accounts" USING btree ("account_name");--> statement-breakpoint
CREATE INDEX "report_folder_items_folder_id_idx" ON "report_folder_items" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "user_clicks_kind_at_idx" ON "user_clicks" USING btree ("kind","at");--> statement-breakpoint
CREATE INDEX "user_clicks_user_id_at_idx" ON "user_clicks" USING btree ("user_id","at");