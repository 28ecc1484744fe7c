CREATE TABLE "linked_accounts" (
	"user_id" integer NOT NULL,
	"app" text NOT NULL,
	"external_user_id" text NOT NULL,
	"username" text,
	"email" text,
	"name" text,
	"client_name" text,
	"branch_name" text,
	"secrets" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "linked_accounts_user_id_app_pk" PRIMARY KEY("user_id","app"),
	CONSTRAINT "linked_accounts_app_check" CHECK ("linked_accounts"."app" in ('ld', 'ts'))
);
--> statement-breakpoint
ALTER TABLE "linked_accounts" ADD CONSTRAINT "linked_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "linked_accounts_app_external_user_key" ON "linked_accounts" USING btree ("app","external_user_id");