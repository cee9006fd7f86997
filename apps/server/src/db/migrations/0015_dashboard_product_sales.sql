CREATE TABLE "order_product_sales_daily" (
	"day" timestamp with time zone NOT NULL,
	"product_id" uuid NOT NULL,
	"seller_id" uuid,
	"quantity" integer NOT NULL,
	"revenue" numeric(20, 2) NOT NULL,
	CONSTRAINT "order_product_sales_daily_key" UNIQUE NULLS NOT DISTINCT("day","product_id","seller_id")
);
--> statement-breakpoint

-- A sale is an order that holds its goods (the contract's stockHoldingStatuses: Cancelled and
-- Returned gave them back); dashboards-sales.test.ts checks that the two lists agree.
CREATE FUNCTION order_is_sale(status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status IN ('Pending', 'Inprogress', 'Pickups', 'Delivered')
$$;
--> statement-breakpoint

-- Lines of sales that still exist (those deleted with their order are taken out before it goes).
CREATE FUNCTION order_product_sales_lines_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO order_product_sales_daily AS s (day, product_id, seller_id, quantity, revenue)
    SELECT date_trunc('day', o.created_at, 'UTC'), c.product_id, c.seller_id, sum(c.sign * c.quantity), sum(c.sign * c.total)
      FROM (%s) c
      JOIN orders o ON o.id = c.order_id
     WHERE order_is_sale(o.status)
     GROUP BY 1, 2, 3
    HAVING sum(c.sign * c.quantity) <> 0 OR sum(c.sign * c.total) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (day, product_id, seller_id) DO UPDATE
       SET quantity = s.quantity + excluded.quantity, revenue = s.revenue + excluded.revenue
  $q$, dashboard_changed_rows(TG_OP));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_product_sales_insert AFTER INSERT ON order_lines REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_product_sales_lines_apply();
--> statement-breakpoint
CREATE TRIGGER order_product_sales_update AFTER UPDATE ON order_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_product_sales_lines_apply();
--> statement-breakpoint
CREATE TRIGGER order_product_sales_delete AFTER DELETE ON order_lines REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_product_sales_lines_apply();
--> statement-breakpoint

-- An order that becomes or stops being a sale, or changes date, moves its lines' figures.
CREATE FUNCTION order_product_sales_orders_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_product_sales_daily AS s (day, product_id, seller_id, quantity, revenue)
  SELECT c.day, l.product_id, l.seller_id, sum(c.sign * l.quantity), sum(c.sign * l.total)
    FROM (SELECT n.id, date_trunc('day', n.created_at, 'UTC') AS day, 1 AS sign
            FROM new_rows n JOIN old_rows o ON o.id = n.id
           WHERE order_is_sale(n.status) AND (NOT order_is_sale(o.status) OR n.created_at <> o.created_at)
          UNION ALL
          SELECT o.id, date_trunc('day', o.created_at, 'UTC'), -1
            FROM new_rows n JOIN old_rows o ON o.id = n.id
           WHERE order_is_sale(o.status) AND (NOT order_is_sale(n.status) OR n.created_at <> o.created_at)) c
    JOIN order_lines l ON l.order_id = c.id
   GROUP BY 1, 2, 3
  HAVING sum(c.sign * l.quantity) <> 0 OR sum(c.sign * l.total) <> 0
   ORDER BY 1, 2, 3
  ON CONFLICT (day, product_id, seller_id) DO UPDATE
     SET quantity = s.quantity + excluded.quantity, revenue = s.revenue + excluded.revenue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_product_sales_order_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_product_sales_orders_apply();
--> statement-breakpoint

CREATE FUNCTION order_product_sales_forget_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF order_is_sale(OLD.status) THEN
    INSERT INTO order_product_sales_daily AS s (day, product_id, seller_id, quantity, revenue)
    SELECT date_trunc('day', OLD.created_at, 'UTC'), l.product_id, l.seller_id, -sum(l.quantity), -sum(l.total)
      FROM order_lines l
     WHERE l.order_id = OLD.id
     GROUP BY 2, 3
     ORDER BY 2, 3
    ON CONFLICT (day, product_id, seller_id) DO UPDATE
       SET quantity = s.quantity + excluded.quantity, revenue = s.revenue + excluded.revenue;
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_product_sales_forget_order BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION order_product_sales_forget_order();
--> statement-breakpoint

INSERT INTO order_product_sales_daily (day, product_id, seller_id, quantity, revenue)
SELECT date_trunc('day', o.created_at, 'UTC'), l.product_id, l.seller_id, sum(l.quantity), sum(l.total)
  FROM order_lines l JOIN orders o ON o.id = l.order_id
 WHERE order_is_sale(o.status)
 GROUP BY 1, 2, 3;
