CREATE TABLE "audit_actor_monthly" (
	"month" date NOT NULL,
	"actor_id" uuid NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "audit_actor_monthly_month_actor_id_pk" PRIMARY KEY("month","actor_id")
);
--> statement-breakpoint

-- audit_actor_daily rolls what a statement changed in it up into its monthly twin, per UTC month
-- (the audit log's trigger writes the days with upserts, so an insert and an update trigger fire).
CREATE FUNCTION audit_actor_monthly_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO audit_actor_monthly AS s (month, actor_id, entries)
    SELECT date_trunc('month', c.day::timestamp)::date, c.actor_id, sum(c.sign * c.entries)
      FROM (%s) c
     GROUP BY 1, 2
    HAVING sum(c.sign * c.entries) <> 0
     ORDER BY 1, 2
    ON CONFLICT (month, actor_id) DO UPDATE SET entries = s.entries + excluded.entries
  $q$, dashboard_changed_rows(TG_OP));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_actor_monthly_insert AFTER INSERT ON audit_actor_daily REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION audit_actor_monthly_apply();
--> statement-breakpoint
CREATE TRIGGER audit_actor_monthly_update AFTER UPDATE ON audit_actor_daily REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION audit_actor_monthly_apply();
--> statement-breakpoint
CREATE TRIGGER audit_actor_monthly_delete AFTER DELETE ON audit_actor_daily REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION audit_actor_monthly_apply();
--> statement-breakpoint

-- What the daily table holds already.
INSERT INTO audit_actor_monthly (month, actor_id, entries)
SELECT date_trunc('month', day::timestamp)::date, actor_id, sum(entries) FROM audit_actor_daily GROUP BY 1, 2;
