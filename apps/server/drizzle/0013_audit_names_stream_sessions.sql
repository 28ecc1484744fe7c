ALTER TABLE "realtime_tickets" ADD COLUMN "family_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target_name" text;--> statement-breakpoint
-- Rows written before names were stored keep the names of today (the best history there is).
UPDATE "audit_log" SET "actor_name" = "users"."name" FROM "users" WHERE "users"."id" = "audit_log"."actor_id";--> statement-breakpoint
UPDATE "audit_log" SET "target_name" = "users"."name" FROM "users"
  WHERE "audit_log"."target_type" = 'user' AND "audit_log"."target_id" ~ '^[0-9]{1,9}$'
    AND "users"."id" = "audit_log"."target_id"::int;
