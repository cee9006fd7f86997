CREATE TABLE "audit_stats_daily" (
	"day" timestamp with time zone NOT NULL,
	"entity" text NOT NULL,
	"action" text NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "audit_stats_daily_day_entity_action_pk" PRIMARY KEY("day","entity","action")
);
--> statement-breakpoint
CREATE TABLE "order_category_stats_daily" (
	"day" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"category" text NOT NULL,
	"quantity" integer NOT NULL,
	"revenue" numeric(20, 2) NOT NULL,
	CONSTRAINT "order_category_stats_daily_day_status_category_pk" PRIMARY KEY("day","status","category")
);
--> statement-breakpoint
CREATE TABLE "order_stats_daily" (
	"day" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"orders" integer NOT NULL,
	"revenue" numeric(20, 2) NOT NULL,
	CONSTRAINT "order_stats_daily_day_status_pk" PRIMARY KEY("day","status")
);
--> statement-breakpoint

-- Each hourly figure table rolls what a statement changed in it up into its daily twin, per UTC day
-- (the hourly tables' own triggers write them with upserts, so an insert and an update trigger fire).
-- TG_ARGV: the daily table, its key columns after the day, its figure columns (comma-separated).
CREATE FUNCTION dashboard_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys text[] := string_to_array(TG_ARGV[1], ',');
  figures text[] := string_to_array(TG_ARGV[2], ',');
  key_list text := (SELECT string_agg(quote_ident(k), ', ') FROM unnest(keys) k);
  key_select text := (SELECT string_agg('c.' || quote_ident(k), ', ') FROM unnest(keys) k);
  figure_list text := (SELECT string_agg(quote_ident(f), ', ') FROM unnest(figures) f);
  sums text := (SELECT string_agg(format('sum(c.sign * c.%I)', f), ', ') FROM unnest(figures) f);
  nonzero text := (SELECT string_agg(format('sum(c.sign * c.%I) <> 0', f), ' OR ') FROM unnest(figures) f);
  updates text := (SELECT string_agg(format('%1$I = s.%1$I + excluded.%1$I', f), ', ') FROM unnest(figures) f);
  positions text := (SELECT string_agg(n::text, ', ') FROM generate_series(1, cardinality(keys) + 1) n);
BEGIN
  EXECUTE format($q$
    INSERT INTO %1$I AS s (day, %2$s, %3$s)
    SELECT date_trunc('day', c.hour, 'UTC'), %4$s, %5$s
      FROM (%6$s) c
     GROUP BY %7$s
    HAVING %8$s
     ORDER BY %7$s
    ON CONFLICT (day, %2$s) DO UPDATE SET %9$s
  $q$, TG_ARGV[0], key_list, figure_list, key_select, sums, dashboard_changed_rows(TG_OP), positions, nonzero, updates);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_stats_daily_insert AFTER INSERT ON order_stats_hourly REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_daily_apply('order_stats_daily', 'status', 'orders,revenue');
--> statement-breakpoint
CREATE TRIGGER order_stats_daily_update AFTER UPDATE ON order_stats_hourly REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_daily_apply('order_stats_daily', 'status', 'orders,revenue');
--> statement-breakpoint
CREATE TRIGGER order_stats_daily_delete AFTER DELETE ON order_stats_hourly REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_daily_apply('order_stats_daily', 'status', 'orders,revenue');
--> statement-breakpoint
CREATE TRIGGER order_category_stats_daily_insert AFTER INSERT ON order_category_stats_hourly REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_daily_apply('order_category_stats_daily', 'status,category', 'quantity,revenue');
--> statement-breakpoint
CREATE TRIGGER order_category_stats_daily_update AFTER UPDATE ON order_category_stats_hourly REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_daily_apply('order_category_stats_daily', 'status,category', 'quantity,revenue');
--> statement-breakpoint
CREATE TRIGGER order_category_stats_daily_delete AFTER DELETE ON order_category_stats_hourly REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_daily_apply('order_category_stats_daily', 'status,category', 'quantity,revenue');
--> statement-breakpoint
CREATE TRIGGER audit_stats_daily_insert AFTER INSERT ON audit_stats_hourly REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_daily_apply('audit_stats_daily', 'entity,action', 'entries');
--> statement-breakpoint
CREATE TRIGGER audit_stats_daily_update AFTER UPDATE ON audit_stats_hourly REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_daily_apply('audit_stats_daily', 'entity,action', 'entries');
--> statement-breakpoint
CREATE TRIGGER audit_stats_daily_delete AFTER DELETE ON audit_stats_hourly REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_daily_apply('audit_stats_daily', 'entity,action', 'entries');
--> statement-breakpoint

-- What the hourly tables hold already.
INSERT INTO order_stats_daily (day, status, orders, revenue)
SELECT date_trunc('day', hour, 'UTC'), status, sum(orders), sum(revenue) FROM order_stats_hourly GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO order_category_stats_daily (day, status, category, quantity, revenue)
SELECT date_trunc('day', hour, 'UTC'), status, category, sum(quantity), sum(revenue)
  FROM order_category_stats_hourly GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO audit_stats_daily (day, entity, action, entries)
SELECT date_trunc('day', hour, 'UTC'), entity, action, sum(entries) FROM audit_stats_hourly GROUP BY 1, 2, 3;
