CREATE TABLE "audit_actor_daily" (
	"day" date NOT NULL,
	"actor_id" uuid NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "audit_actor_daily_day_actor_id_pk" PRIMARY KEY("day","actor_id")
);
--> statement-breakpoint
CREATE TABLE "audit_stats_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"entity" text NOT NULL,
	"action" text NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "audit_stats_hourly_hour_entity_action_pk" PRIMARY KEY("hour","entity","action")
);
--> statement-breakpoint
CREATE TABLE "library_rollups" (
	"code_id" uuid PRIMARY KEY NOT NULL,
	"items" integer NOT NULL,
	"total" numeric(36, 5) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_category_stats_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"category" text NOT NULL,
	"quantity" integer NOT NULL,
	"revenue" numeric(20, 2) NOT NULL,
	CONSTRAINT "order_category_stats_hourly_hour_status_category_pk" PRIMARY KEY("hour","status","category")
);
--> statement-breakpoint
CREATE TABLE "order_stats_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"orders" integer NOT NULL,
	"revenue" numeric(20, 2) NOT NULL,
	CONSTRAINT "order_stats_hourly_hour_status_pk" PRIMARY KEY("hour","status")
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "category" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "library_codes" ADD COLUMN "kind" text DEFAULT 'expense' NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_entity_at_idx" ON "audit_log" USING btree ("entity","at");--> statement-breakpoint
CREATE INDEX "library_codes_amount_idx" ON "library_codes" USING btree ("amount") WHERE "library_codes"."level" = 4;--> statement-breakpoint
ALTER TABLE "library_codes" ADD CONSTRAINT "library_codes_kind_check" CHECK ("library_codes"."kind" in ('income', 'expense'));