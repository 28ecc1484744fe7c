CREATE TABLE "report_access" (
	"user_id" integer NOT NULL,
	"bi_report_id" text NOT NULL,
	CONSTRAINT "report_access_user_id_bi_report_id_pk" PRIMARY KEY("user_id","bi_report_id")
);
--> statement-breakpoint
CREATE TABLE "report_access_lists" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_access" ADD CONSTRAINT "report_access_user_id_report_access_lists_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."report_access_lists"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_access_lists" ADD CONSTRAINT "report_access_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_meta_nsbi_users_idx" ON "user_meta" USING btree ("user_id") WHERE "user_meta"."key" = 'settings.nsbi_enabled' and "user_meta"."value" = '1';