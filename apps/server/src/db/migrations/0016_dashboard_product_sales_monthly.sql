CREATE TABLE "order_product_sales_monthly" (
	"month" timestamp with time zone NOT NULL,
	"product_id" uuid NOT NULL,
	"seller_id" uuid,
	"quantity" integer NOT NULL,
	"revenue" numeric(20, 2) NOT NULL,
	CONSTRAINT "order_product_sales_monthly_key" UNIQUE NULLS NOT DISTINCT("month","product_id","seller_id")
);
--> statement-breakpoint

CREATE FUNCTION order_product_sales_monthly_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO order_product_sales_monthly AS s (month, product_id, seller_id, quantity, revenue)
    SELECT date_trunc('month', c.day, 'UTC'), c.product_id, c.seller_id, sum(c.sign * c.quantity), sum(c.sign * c.revenue)
      FROM (%s) c
     GROUP BY 1, 2, 3
    HAVING sum(c.sign * c.quantity) <> 0 OR sum(c.sign * c.revenue) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (month, product_id, seller_id) DO UPDATE
       SET quantity = s.quantity + excluded.quantity, revenue = s.revenue + excluded.revenue
  $q$, dashboard_changed_rows(TG_OP));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_product_sales_monthly_insert AFTER INSERT ON order_product_sales_daily REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_product_sales_monthly_apply();
--> statement-breakpoint
CREATE TRIGGER order_product_sales_monthly_update AFTER UPDATE ON order_product_sales_daily REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_product_sales_monthly_apply();
--> statement-breakpoint
CREATE TRIGGER order_product_sales_monthly_delete AFTER DELETE ON order_product_sales_daily REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_product_sales_monthly_apply();
--> statement-breakpoint

INSERT INTO order_product_sales_monthly (month, product_id, seller_id, quantity, revenue)
SELECT date_trunc('month', day, 'UTC'), product_id, seller_id, sum(quantity), sum(revenue)
  FROM order_product_sales_daily GROUP BY 1, 2, 3;
