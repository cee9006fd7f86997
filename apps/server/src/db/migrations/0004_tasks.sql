CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"priority" text DEFAULT 'Medium' NOT NULL,
	"due_date" date,
	"assignee_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" in ('New', 'Pending', 'Inprogress', 'Completed')),
	CONSTRAINT "tasks_priority_check" CHECK ("tasks"."priority" in ('High', 'Medium', 'Low'))
);
--> statement-breakpoint
CREATE INDEX "tasks_status_idx" ON "tasks" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "tasks_due_idx" ON "tasks" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "tasks_assignees_idx" ON "tasks" USING gin ("assignee_ids");--> statement-breakpoint
CREATE INDEX "tasks_search_idx" ON "tasks" USING gin (("task" || ' ' || "description") gin_trgm_ops);