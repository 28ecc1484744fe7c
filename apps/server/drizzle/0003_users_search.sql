-- The users list (GET users): search, sort and page over 100,000 users (see bench/README-users.md).
-- pg_trgm is trusted since PostgreSQL 13, so a database owner may create it; PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "users_list_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "users_list_version" ("id", "version") VALUES (1, 0) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- What the search matches, one text per user: lower(name, email, username, company name), joined by
-- chr(31) (unit separator, stripped from searches) so a match never spans two fields. One column and
-- one trigram index instead of four: one bitmap scan for rare terms, one cheap filter per row when
-- the planner walks a sort index for common ones.
CREATE FUNCTION "users_search_text"(p_name text, p_email text, p_username text, p_company text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(p_name) || chr(31) || lower(p_email) || chr(31) || coalesce(lower(p_username), '')
    || chr(31) || coalesce(lower(p_company), '')
$$;
--> statement-breakpoint
CREATE FUNCTION "users_set_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := users_search_text(NEW.name, NEW.email, NEW.username,
    (SELECT m.value FROM user_meta m WHERE m.user_id = NEW.id AND m.key = 'company_name'));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_search_text" BEFORE INSERT OR UPDATE OF "name", "email", "username", "search_text" ON "users"
FOR EACH ROW EXECUTE FUNCTION "users_set_search_text"();
--> statement-breakpoint
-- The company name lives in user_meta: a change there rewrites the owner's search text.
CREATE FUNCTION "user_meta_refresh_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.key = NEW.key AND OLD.user_id = NEW.user_id
     AND OLD.value IS NOT DISTINCT FROM NEW.value THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.key = 'company_name' THEN
    UPDATE users SET search_text = '' WHERE id = OLD.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.key = 'company_name' THEN
    UPDATE users SET search_text = '' WHERE id = NEW.user_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "user_meta_search_text" AFTER INSERT OR UPDATE OR DELETE ON "user_meta"
FOR EACH ROW EXECUTE FUNCTION "user_meta_refresh_search_text"();
--> statement-breakpoint
-- Every statement that writes users bumps the version; the list reuses a remembered total only
-- while the version it was counted at is still current.
CREATE FUNCTION "users_list_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users_list_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_list_version_bump" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
FOR EACH STATEMENT EXECUTE FUNCTION "users_list_version_bump"();
--> statement-breakpoint
UPDATE "users" SET "search_text" = '';
--> statement-breakpoint
CREATE INDEX "users_active_id_idx" ON "users" USING btree ("id") WHERE "users"."blocked_at" is null;--> statement-breakpoint
CREATE INDEX "users_active_name_idx" ON "users" USING btree ("name","id") WHERE "users"."blocked_at" is null;--> statement-breakpoint
CREATE INDEX "users_active_email_idx" ON "users" USING btree ("email","id") WHERE "users"."blocked_at" is null;--> statement-breakpoint
CREATE INDEX "users_active_created_at_idx" ON "users" USING btree ("created_at","id") WHERE "users"."blocked_at" is null;--> statement-breakpoint
CREATE INDEX "users_blocked_id_idx" ON "users" USING btree ("id") WHERE "users"."blocked_at" is not null;--> statement-breakpoint
CREATE INDEX "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);
