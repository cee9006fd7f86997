CREATE TABLE "audit_totals_hourly" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"entries" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_totals_hourly" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL
);
--> statement-breakpoint

-- An hourly figure table's changes summed per hour over all its keys. TG_ARGV: the totals table and
-- the figure (a column of both).
CREATE FUNCTION dashboard_hour_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO %1$I AS s (hour, %2$I)
    SELECT c.hour, sum(c.sign * c.%2$I)
      FROM (%3$s) c
     GROUP BY 1
    HAVING sum(c.sign * c.%2$I) <> 0
     ORDER BY 1
    ON CONFLICT (hour) DO UPDATE SET %2$I = s.%2$I + excluded.%2$I
  $q$, TG_ARGV[0], TG_ARGV[1], dashboard_changed_rows(TG_OP));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_totals_hourly_insert AFTER INSERT ON order_stats_hourly REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_hour_totals_apply('order_totals_hourly', 'orders');
--> statement-breakpoint
CREATE TRIGGER order_totals_hourly_update AFTER UPDATE ON order_stats_hourly REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_hour_totals_apply('order_totals_hourly', 'orders');
--> statement-breakpoint
CREATE TRIGGER order_totals_hourly_delete AFTER DELETE ON order_stats_hourly REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_hour_totals_apply('order_totals_hourly', 'orders');
--> statement-breakpoint
CREATE TRIGGER audit_totals_hourly_insert AFTER INSERT ON audit_stats_hourly REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_hour_totals_apply('audit_totals_hourly', 'entries');
--> statement-breakpoint
CREATE TRIGGER audit_totals_hourly_update AFTER UPDATE ON audit_stats_hourly REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_hour_totals_apply('audit_totals_hourly', 'entries');
--> statement-breakpoint
CREATE TRIGGER audit_totals_hourly_delete AFTER DELETE ON audit_stats_hourly REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_hour_totals_apply('audit_totals_hourly', 'entries');
--> statement-breakpoint

INSERT INTO order_totals_hourly (hour, orders)
SELECT hour, sum(orders) FROM order_stats_hourly GROUP BY 1 HAVING sum(orders) <> 0;
--> statement-breakpoint
INSERT INTO audit_totals_hourly (hour, entries)
SELECT hour, sum(entries) FROM audit_stats_hourly GROUP BY 1 HAVING sum(entries) <> 0;
