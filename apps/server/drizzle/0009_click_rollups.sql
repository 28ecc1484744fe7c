CREATE TABLE "click_daily_reports" (
	"day" date NOT NULL,
	"report_id" text NOT NULL,
	"clicks" integer NOT NULL,
	CONSTRAINT "click_daily_reports_day_report_id_pk" PRIMARY KEY("day","report_id")
);
--> statement-breakpoint
CREATE TABLE "click_daily_totals" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"clicks" integer NOT NULL,
	CONSTRAINT "click_daily_totals_day_kind_pk" PRIMARY KEY("day","kind")
);
--> statement-breakpoint
CREATE TABLE "click_daily_users" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"clicks" integer NOT NULL,
	CONSTRAINT "click_daily_users_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
-- Every click counts once in each roll-up (days in UTC). A row trigger, so any way of inserting
-- clicks keeps the charts right; the usage queries read only the roll-ups.
CREATE FUNCTION "user_clicks_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d date := (NEW.at AT TIME ZONE 'UTC')::date;
BEGIN
  INSERT INTO click_daily_totals AS t (day, kind, clicks) VALUES (d, NEW.kind, 1)
    ON CONFLICT (day, kind) DO UPDATE SET clicks = t.clicks + 1;
  INSERT INTO click_daily_users AS u (day, user_id, clicks) VALUES (d, NEW.user_id, 1)
    ON CONFLICT (day, user_id) DO UPDATE SET clicks = u.clicks + 1;
  IF NEW.kind = 'report' AND NEW.report_id IS NOT NULL THEN
    INSERT INTO click_daily_reports AS r (day, report_id, clicks) VALUES (d, NEW.report_id, 1)
      ON CONFLICT (day, report_id) DO UPDATE SET clicks = r.clicks + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "user_clicks_roll_up" AFTER INSERT ON "user_clicks"
FOR EACH ROW EXECUTE FUNCTION "user_clicks_roll_up"();
