CREATE TABLE "faqs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "office_plan" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"plan_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "office_plan_single_check" CHECK ("office_plan"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "plan_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"table_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rate" numeric(8, 2) NOT NULL,
	"rate_year" numeric(8, 2) NOT NULL,
	"delrate_year" numeric(8, 2),
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ribbon" boolean DEFAULT false NOT NULL,
	"button_text" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "plans_rates_check" CHECK ("plans"."rate" >= 0 and "plans"."rate_year" >= 0 and ("plans"."delrate_year" is null or "plans"."delrate_year" > "plans"."rate_year"))
);
--> statement-breakpoint
CREATE TABLE "release_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"versions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"latest_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "office_plan" ADD CONSTRAINT "office_plan_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_table_id_plan_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."plan_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faqs_position_idx" ON "faqs" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "faqs_search_idx" ON "faqs" USING gin (("question" || ' ' || "answer") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "plan_tables_position_idx" ON "plan_tables" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "plan_tables_title_idx" ON "plan_tables" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "plans_table_position_idx" ON "plans" USING btree ("table_id","position","id");--> statement-breakpoint
CREATE INDEX "plans_position_idx" ON "plans" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "plans_name_idx" ON "plans" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "release_groups_latest_idx" ON "release_groups" USING btree ("latest_on" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "release_groups_title_idx" ON "release_groups" USING gin ("title" gin_trgm_ops);