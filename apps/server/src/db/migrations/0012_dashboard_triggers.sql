-- The dashboards' figures (schema/dashboards.ts), kept current by statement-level triggers: each
-- statement adds the difference its rows make, one upsert per bucket in key order. A change that
-- makes no difference to a bucket (an order's note edited) writes nothing.

-- The rows a statement changed, each with its sign: +1 as they are now, -1 as they were.
CREATE FUNCTION dashboard_changed_rows(op text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN 'SELECT *, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS sign FROM old_rows'
    ELSE 'SELECT *, 1 AS sign FROM new_rows UNION ALL SELECT *, -1 AS sign FROM old_rows'
  END
$$;
--> statement-breakpoint

-- Orders ------------------------------------------------------------------------------------------
CREATE FUNCTION order_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO order_stats_hourly AS s (hour, status, orders, revenue)
    SELECT date_trunc('hour', c.created_at, 'UTC'), c.status, sum(c.sign), sum(c.sign * c.total)
      FROM (%s) c
     GROUP BY 1, 2
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.total) <> 0
     ORDER BY 1, 2
    ON CONFLICT (hour, status) DO UPDATE
       SET orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue
  $q$, dashboard_changed_rows(TG_OP));
  -- An order that changes status (or date) moves its lines' figures along with it.
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO order_category_stats_hourly AS s (hour, status, category, quantity, revenue)
    SELECT c.hour, c.status, l.category, sum(c.sign * l.quantity), sum(c.sign * l.total)
      FROM (SELECT n.id, date_trunc('hour', n.created_at, 'UTC') AS hour, n.status, 1 AS sign
              FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE n.status <> o.status OR n.created_at <> o.created_at
            UNION ALL
            SELECT o.id, date_trunc('hour', o.created_at, 'UTC'), o.status, -1
              FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE n.status <> o.status OR n.created_at <> o.created_at) c
      JOIN order_lines l ON l.order_id = c.id
     GROUP BY 1, 2, 3
    HAVING sum(c.sign * l.quantity) <> 0 OR sum(c.sign * l.total) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (hour, status, category) DO UPDATE
       SET quantity = s.quantity + excluded.quantity, revenue = s.revenue + excluded.revenue;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_stats_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_apply();
--> statement-breakpoint
CREATE TRIGGER order_stats_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_apply();
--> statement-breakpoint
CREATE TRIGGER order_stats_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_apply();
--> statement-breakpoint

-- An order's lines are deleted with it (cascade) after the order is gone, when its hour and status
-- can no longer be read: take them out while the order is still there.
CREATE FUNCTION order_category_stats_forget_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_category_stats_hourly AS s (hour, status, category, quantity, revenue)
  SELECT date_trunc('hour', OLD.created_at, 'UTC'), OLD.status, l.category, -sum(l.quantity), -sum(l.total)
    FROM order_lines l
   WHERE l.order_id = OLD.id
   GROUP BY l.category
   ORDER BY l.category
  ON CONFLICT (hour, status, category) DO UPDATE
     SET quantity = s.quantity + excluded.quantity, revenue = s.revenue + excluded.revenue;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_category_stats_forget_order BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION order_category_stats_forget_order();
--> statement-breakpoint

-- Lines of an order that still exists (the join leaves out those deleted with their order, counted
-- above).
CREATE FUNCTION order_category_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO order_category_stats_hourly AS s (hour, status, category, quantity, revenue)
    SELECT date_trunc('hour', o.created_at, 'UTC'), o.status, c.category, sum(c.sign * c.quantity), sum(c.sign * c.total)
      FROM (%s) c
      JOIN orders o ON o.id = c.order_id
     GROUP BY 1, 2, 3
    HAVING sum(c.sign * c.quantity) <> 0 OR sum(c.sign * c.total) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (hour, status, category) DO UPDATE
       SET quantity = s.quantity + excluded.quantity, revenue = s.revenue + excluded.revenue
  $q$, dashboard_changed_rows(TG_OP));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_category_stats_insert AFTER INSERT ON order_lines REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_category_stats_apply();
--> statement-breakpoint
CREATE TRIGGER order_category_stats_update AFTER UPDATE ON order_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_category_stats_apply();
--> statement-breakpoint
CREATE TRIGGER order_category_stats_delete AFTER DELETE ON order_lines REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_category_stats_apply();
--> statement-breakpoint

-- Audit entries -----------------------------------------------------------------------------------
CREATE FUNCTION audit_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO audit_stats_hourly AS s (hour, entity, action, entries)
    SELECT date_trunc('hour', c.at, 'UTC'), c.entity, c.action, sum(c.sign)
      FROM (%s) c
     GROUP BY 1, 2, 3
    HAVING sum(c.sign) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (hour, entity, action) DO UPDATE SET entries = s.entries + excluded.entries
  $q$, dashboard_changed_rows(TG_OP));
  EXECUTE format($q$
    INSERT INTO audit_actor_daily AS s (day, actor_id, entries)
    SELECT (c.at AT TIME ZONE 'UTC')::date, c.actor_id, sum(c.sign)
      FROM (%s) c
     WHERE c.actor_id IS NOT NULL
     GROUP BY 1, 2
    HAVING sum(c.sign) <> 0
     ORDER BY 1, 2
    ON CONFLICT (day, actor_id) DO UPDATE SET entries = s.entries + excluded.entries
  $q$, dashboard_changed_rows(TG_OP));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_stats_insert AFTER INSERT ON audit_log REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION audit_stats_apply();
--> statement-breakpoint
CREATE TRIGGER audit_stats_update AFTER UPDATE ON audit_log REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION audit_stats_apply();
--> statement-breakpoint
CREATE TRIGGER audit_stats_delete AFTER DELETE ON audit_log REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION audit_stats_apply();
--> statement-breakpoint

-- The code library --------------------------------------------------------------------------------
-- Each active L4 item counts under its L1, L2 and L3; a move, a price or quantity change, an item
-- made inactive or deleted takes its share from where it was and adds it where it is.
CREATE FUNCTION library_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO library_rollups AS r (code_id, items, total)
    SELECT a.code_id, sum(c.sign), sum(c.sign * c.amount)
      FROM (%s) c
     CROSS JOIN LATERAL unnest(ARRAY[c.l1_id, c.l2_id, c.l3_id]) AS a(code_id)
     WHERE c.level = 4 AND c.is_active AND a.code_id IS NOT NULL
     GROUP BY 1
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.amount) <> 0
     ORDER BY 1
    ON CONFLICT (code_id) DO UPDATE SET items = r.items + excluded.items, total = r.total + excluded.total
  $q$, dashboard_changed_rows(TG_OP));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER library_rollups_insert AFTER INSERT ON library_codes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER library_rollups_update AFTER UPDATE ON library_codes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER library_rollups_delete AFTER DELETE ON library_codes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_rollups_apply();
--> statement-breakpoint

-- What is there already -----------------------------------------------------------------------------
UPDATE order_lines l SET category = p.category FROM products p WHERE p.id = l.product_id;
--> statement-breakpoint
-- A first L1 named as income (the demo's "Income", "Revenue …") is income; anything else stays an expense.
UPDATE library_codes SET kind = 'income' WHERE level = 1 AND description ~* '^(income|revenue|receipts)';
--> statement-breakpoint
INSERT INTO order_stats_hourly (hour, status, orders, revenue)
SELECT date_trunc('hour', created_at, 'UTC'), status, count(*), sum(total) FROM orders GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO order_category_stats_hourly (hour, status, category, quantity, revenue)
SELECT date_trunc('hour', o.created_at, 'UTC'), o.status, l.category, sum(l.quantity), sum(l.total)
  FROM order_lines l JOIN orders o ON o.id = l.order_id GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO audit_stats_hourly (hour, entity, action, entries)
SELECT date_trunc('hour', at, 'UTC'), entity, action, count(*) FROM audit_log GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO audit_actor_daily (day, actor_id, entries)
SELECT (at AT TIME ZONE 'UTC')::date, actor_id, count(*) FROM audit_log WHERE actor_id IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO library_rollups (code_id, items, total)
SELECT a.code_id, count(*), sum(c.amount)
  FROM library_codes c CROSS JOIN LATERAL unnest(ARRAY[c.l1_id, c.l2_id, c.l3_id]) AS a(code_id)
 WHERE c.level = 4 AND c.is_active AND a.code_id IS NOT NULL
 GROUP BY 1;
