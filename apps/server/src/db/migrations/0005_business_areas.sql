CREATE SEQUENCE "public"."invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"user_id" uuid NOT NULL,
	"secret_hash" text NOT NULL,
	"visible_prefix" text NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "api_keys_status_check" CHECK ("api_keys"."status" in ('Active', 'Disable'))
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" smallint PRIMARY KEY NOT NULL,
	"iso_code" text NOT NULL,
	"name" text NOT NULL,
	"dial_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "crm_companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"owner" text DEFAULT '' NOT NULL,
	"industry_type" text NOT NULL,
	"star_value" numeric(2, 1) DEFAULT 0 NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"employees" integer,
	"website" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"since" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "crm_companies_industry_check" CHECK ("crm_companies"."industry_type" in ('Construction', 'Engineering', 'Consulting', 'Software', 'Manufacturing', 'Logistics', 'Energy', 'Healthcare', 'Finance', 'Education', 'Public sector')),
	CONSTRAINT "crm_companies_star_check" CHECK ("crm_companies"."star_value" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "crm_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"company_id" uuid,
	"designation" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"lead_score" integer DEFAULT 0 NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_contacted" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "crm_deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_name" text NOT NULL,
	"sales_rep_id" uuid,
	"amount" numeric(17, 2) NOT NULL,
	"close_date" date NOT NULL,
	"status" text DEFAULT 'New Lead' NOT NULL,
	"stage" text DEFAULT 'Lead Discovered' NOT NULL,
	"contact_id" uuid,
	"company_id" uuid,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "crm_deals_status_check" CHECK ("crm_deals"."status" in ('New Lead', 'Intro Call', 'Stuck', 'Deal Won')),
	CONSTRAINT "crm_deals_stage_check" CHECK ("crm_deals"."stage" in ('Lead Discovered', 'Contact Initiated', 'Needs Identified', 'Meeting Arranged', 'Offer Accepted')),
	CONSTRAINT "crm_deals_amount_check" CHECK ("crm_deals"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "crm_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"lead_score" integer DEFAULT 0 NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "crm_leads_status_check" CHECK ("crm_leads"."status" in ('New', 'Contacted', 'Qualified', 'Lost')),
	CONSTRAINT "crm_leads_score_check" CHECK ("crm_leads"."lead_score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"joining_date" date DEFAULT current_date NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "customers_status_check" CHECK ("customers"."status" in ('Active', 'Block'))
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"product_id" uuid NOT NULL,
	"seller_id" uuid,
	"name" text NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"image" text,
	"price" numeric(10, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"customer_id" uuid NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"payment_method" text NOT NULL,
	"subtotal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"shipping" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tax" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('Pending', 'Inprogress', 'Pickups', 'Delivered', 'Returned', 'Cancelled')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."discount" >= 0 and "orders"."discount" <= "orders"."subtotal")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"type" text DEFAULT 'unpublished' NOT NULL,
	"rating" numeric(2, 1) DEFAULT '0' NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"published_date" timestamp with time zone,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"seller_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "products_type_check" CHECK ("products"."type" in ('published', 'unpublished')),
	CONSTRAINT "products_amounts_check" CHECK ("products"."price" >= 0 and "products"."stock" >= 0 and "products"."orders_count" >= 0),
	CONSTRAINT "products_rating_check" CHECK ("products"."rating" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "sellers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"company" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"joined_date" date DEFAULT current_date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(9, 3) NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "invoice_lines_amounts_check" CHECK ("invoice_lines"."quantity" > 0 and "invoice_lines"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text DEFAULT 'INV-' || to_char(now(), 'YYYY') || '-' || to_char(nextval('invoice_number_seq'), 'FM999999999999900000') NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"customer_address" text DEFAULT '' NOT NULL,
	"customer_phone" text DEFAULT '' NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date,
	"status" text DEFAULT 'Unpaid' NOT NULL,
	"payment_method" text,
	"notes" text DEFAULT '' NOT NULL,
	"tax_rate" numeric(6, 3) DEFAULT '0' NOT NULL,
	"subtotal" numeric(20, 2) NOT NULL,
	"discount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"tax" numeric(20, 2) NOT NULL,
	"shipping" numeric(20, 2) DEFAULT '0' NOT NULL,
	"total" numeric(20, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('Paid', 'Unpaid', 'Pending', 'Cancelled')),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."subtotal" >= 0 and "invoices"."discount" >= 0 and "invoices"."discount" <= "invoices"."subtotal" and "invoices"."tax" >= 0 and "invoices"."shipping" >= 0 and "invoices"."tax_rate" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"candidate_name" text NOT NULL,
	"designation" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'Full Time' NOT NULL,
	"rating" numeric(2, 1) DEFAULT 0 NOT NULL,
	"bookmark" boolean DEFAULT false NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "candidates_type_check" CHECK ("candidates"."type" in ('Full Time', 'Part Time', 'Freelance', 'Internship')),
	CONSTRAINT "candidates_rating_check" CHECK ("candidates"."rating" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"candidate_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"applied_date" date NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "job_applications_status_check" CHECK ("job_applications"."status" in ('New', 'Pending', 'Accepted', 'Rejected'))
);
--> statement-breakpoint
CREATE TABLE "job_companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"industry_type" text DEFAULT '' NOT NULL,
	"company_info" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"employee_range" text DEFAULT '1-10' NOT NULL,
	"rating" numeric(2, 1) DEFAULT 0 NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"since" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "job_companies_rating_check" CHECK ("job_companies"."rating" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_title" text NOT NULL,
	"company_id" uuid NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'Full Time' NOT NULL,
	"experience" text DEFAULT '' NOT NULL,
	"post_date" date NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"requirements" text[] DEFAULT '{}'::text[] NOT NULL,
	"salary_min" numeric(12, 2),
	"salary_max" numeric(12, 2),
	"vacancies" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "jobs_type_check" CHECK ("jobs"."type" in ('Full Time', 'Part Time', 'Freelance', 'Internship')),
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('Active', 'New', 'Close')),
	CONSTRAINT "jobs_vacancies_check" CHECK ("jobs"."vacancies" >= 1),
	CONSTRAINT "jobs_salary_check" CHECK ("jobs"."salary_min" is null or "jobs"."salary_max" is null or "jobs"."salary_min" <= "jobs"."salary_max")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"lead_id" uuid,
	"member_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"percentage" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"priority" text DEFAULT 'Medium' NOT NULL,
	"due_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "projects_percentage_check" CHECK ("projects"."percentage" between 0 and 100),
	CONSTRAINT "projects_status_check" CHECK ("projects"."status" in ('New', 'Pending', 'Inprogress', 'Progress', 'Completed')),
	CONSTRAINT "projects_priority_check" CHECK ("projects"."priority" in ('High', 'Medium', 'Low'))
);
--> statement-breakpoint
CREATE TABLE "ticket_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "tickets_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"client_name" text NOT NULL,
	"client_email" text NOT NULL,
	"assigned_to_id" uuid,
	"due_date" date,
	"status" text DEFAULT 'New' NOT NULL,
	"priority" text DEFAULT 'Medium' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "tickets_status_check" CHECK ("tickets"."status" in ('New', 'Open', 'Inprogress', 'Closed')),
	CONSTRAINT "tickets_priority_check" CHECK ("tickets"."priority" in ('High', 'Medium', 'Low'))
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"designation" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"colour" text DEFAULT 'blue' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "todo_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"colour" text DEFAULT 'blue' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "todos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"due_date" date,
	"status" text DEFAULT 'New' NOT NULL,
	"priority" text DEFAULT 'Medium' NOT NULL,
	"project_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "todos_status_check" CHECK ("todos"."status" in ('New', 'Pending', 'Inprogress', 'Completed')),
	CONSTRAINT "todos_priority_check" CHECK ("todos"."priority" in ('High', 'Medium', 'Low'))
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD CONSTRAINT "crm_contacts_company_id_crm_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."crm_companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deals" ADD CONSTRAINT "crm_deals_sales_rep_id_users_id_fk" FOREIGN KEY ("sales_rep_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deals" ADD CONSTRAINT "crm_deals_contact_id_crm_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."crm_contacts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deals" ADD CONSTRAINT "crm_deals_company_id_crm_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."crm_companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_job_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."job_companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_lead_id_users_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_replies" ADD CONSTRAINT "ticket_replies_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_replies" ADD CONSTRAINT "ticket_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assigned_to_id_users_id_fk" FOREIGN KEY ("assigned_to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_project_id_todo_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."todo_projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash_key" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "api_keys_status_idx" ON "api_keys" USING btree ("status");--> statement-breakpoint
CREATE INDEX "api_keys_name_idx" ON "api_keys" USING btree ("name");--> statement-breakpoint
CREATE INDEX "api_keys_created_idx" ON "api_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "api_keys_expires_idx" ON "api_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "api_keys_last_used_idx" ON "api_keys" USING btree ("last_used_at");--> statement-breakpoint
CREATE INDEX "api_keys_search_idx" ON "api_keys" USING gin ("name" gin_trgm_ops,"visible_prefix" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "countries_iso_code_key" ON "countries" USING btree ("iso_code");--> statement-breakpoint
CREATE INDEX "countries_name_idx" ON "countries" USING btree ("name");--> statement-breakpoint
CREATE INDEX "countries_dial_code_idx" ON "countries" USING btree ("dial_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "countries_search_idx" ON "countries" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "crm_companies_name_idx" ON "crm_companies" USING btree ("name");--> statement-breakpoint
CREATE INDEX "crm_companies_industry_idx" ON "crm_companies" USING btree ("industry_type","name");--> statement-breakpoint
CREATE INDEX "crm_companies_star_idx" ON "crm_companies" USING btree ("star_value");--> statement-breakpoint
CREATE INDEX "crm_companies_employees_idx" ON "crm_companies" USING btree ("employees");--> statement-breakpoint
CREATE INDEX "crm_companies_since_idx" ON "crm_companies" USING btree ("since");--> statement-breakpoint
CREATE INDEX "crm_companies_created_idx" ON "crm_companies" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "crm_companies_search_idx" ON "crm_companies" USING gin ("name" gin_trgm_ops,"owner" gin_trgm_ops,"location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "crm_contacts_name_idx" ON "crm_contacts" USING btree ("name");--> statement-breakpoint
CREATE INDEX "crm_contacts_company_idx" ON "crm_contacts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "crm_contacts_score_idx" ON "crm_contacts" USING btree ("lead_score");--> statement-breakpoint
CREATE INDEX "crm_contacts_last_contacted_idx" ON "crm_contacts" USING btree ("last_contacted");--> statement-breakpoint
CREATE INDEX "crm_contacts_created_idx" ON "crm_contacts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "crm_contacts_tags_idx" ON "crm_contacts" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "crm_contacts_search_idx" ON "crm_contacts" USING gin ("name" gin_trgm_ops,"email" gin_trgm_ops,"designation" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "crm_deals_name_idx" ON "crm_deals" USING btree ("deal_name");--> statement-breakpoint
CREATE INDEX "crm_deals_amount_idx" ON "crm_deals" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "crm_deals_close_idx" ON "crm_deals" USING btree ("close_date");--> statement-breakpoint
CREATE INDEX "crm_deals_status_idx" ON "crm_deals" USING btree ("status","close_date");--> statement-breakpoint
CREATE INDEX "crm_deals_status_rank_idx" ON "crm_deals" USING btree (array_position(ARRAY['New Lead', 'Intro Call', 'Stuck', 'Deal Won']::text[], "status"));--> statement-breakpoint
CREATE INDEX "crm_deals_stage_idx" ON "crm_deals" USING btree ("stage","close_date");--> statement-breakpoint
CREATE INDEX "crm_deals_stage_rank_idx" ON "crm_deals" USING btree (array_position(ARRAY['Lead Discovered', 'Contact Initiated', 'Needs Identified', 'Meeting Arranged', 'Offer Accepted']::text[], "stage"));--> statement-breakpoint
CREATE INDEX "crm_deals_rep_idx" ON "crm_deals" USING btree ("sales_rep_id");--> statement-breakpoint
CREATE INDEX "crm_deals_contact_idx" ON "crm_deals" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "crm_deals_company_idx" ON "crm_deals" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "crm_deals_created_idx" ON "crm_deals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "crm_deals_search_idx" ON "crm_deals" USING gin ("deal_name" gin_trgm_ops,"description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "crm_leads_name_idx" ON "crm_leads" USING btree ("name");--> statement-breakpoint
CREATE INDEX "crm_leads_company_idx" ON "crm_leads" USING btree ("company");--> statement-breakpoint
CREATE INDEX "crm_leads_score_idx" ON "crm_leads" USING btree ("lead_score");--> statement-breakpoint
CREATE INDEX "crm_leads_status_idx" ON "crm_leads" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "crm_leads_status_rank_idx" ON "crm_leads" USING btree (array_position(ARRAY['New', 'Contacted', 'Qualified', 'Lost']::text[], "status"));--> statement-breakpoint
CREATE INDEX "crm_leads_created_idx" ON "crm_leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "crm_leads_tags_idx" ON "crm_leads" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "crm_leads_search_idx" ON "crm_leads" USING gin ("name" gin_trgm_ops,"company" gin_trgm_ops,"email" gin_trgm_ops,"location" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_key" ON "customers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "customers_joining_idx" ON "customers" USING btree ("joining_date");--> statement-breakpoint
CREATE INDEX "customers_status_idx" ON "customers" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "customers_country_idx" ON "customers" USING btree ("country");--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin (("name" || ' ' || "email" || ' ' || "phone") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_lines_seller_idx" ON "order_lines" USING btree ("seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_payment_idx" ON "orders" USING btree ("payment_method","created_at");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total");--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin (('#LD' || "number"::text || ' ' || "customer_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price");--> statement-breakpoint
CREATE INDEX "products_stock_idx" ON "products" USING btree ("stock");--> statement-breakpoint
CREATE INDEX "products_orders_idx" ON "products" USING btree ("orders_count");--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating");--> statement-breakpoint
CREATE INDEX "products_published_idx" ON "products" USING btree ("published_date");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category","created_at");--> statement-breakpoint
CREATE INDEX "products_type_idx" ON "products" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "products_seller_idx" ON "products" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin (("name" || ' ' || "category") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_email_key" ON "sellers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "sellers_name_idx" ON "sellers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "sellers_company_idx" ON "sellers" USING btree ("company");--> statement-breakpoint
CREATE INDEX "sellers_location_idx" ON "sellers" USING btree ("location");--> statement-breakpoint
CREATE INDEX "sellers_joined_idx" ON "sellers" USING btree ("joined_date");--> statement-breakpoint
CREATE INDEX "sellers_created_idx" ON "sellers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sellers_search_idx" ON "sellers" USING gin (("name" || ' ' || "company" || ' ' || "email" || ' ' || "location") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_position_key" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_issue_date_idx" ON "invoices" USING btree ("issue_date");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","issue_date");--> statement-breakpoint
CREATE INDEX "invoices_due_date_idx" ON "invoices" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_name");--> statement-breakpoint
CREATE INDEX "invoices_total_idx" ON "invoices" USING btree ("total");--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "invoices" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "invoices_payment_idx" ON "invoices" USING btree ("payment_method");--> statement-breakpoint
CREATE INDEX "invoices_search_idx" ON "invoices" USING gin (("number" || ' ' || "customer_name" || ' ' || "customer_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "candidates_name_idx" ON "candidates" USING btree ("candidate_name");--> statement-breakpoint
CREATE INDEX "candidates_designation_idx" ON "candidates" USING btree ("designation");--> statement-breakpoint
CREATE INDEX "candidates_location_idx" ON "candidates" USING btree ("location");--> statement-breakpoint
CREATE INDEX "candidates_type_idx" ON "candidates" USING btree ("type");--> statement-breakpoint
CREATE INDEX "candidates_rating_idx" ON "candidates" USING btree ("rating");--> statement-breakpoint
CREATE INDEX "candidates_bookmark_idx" ON "candidates" USING btree ("created_at") WHERE "candidates"."bookmark";--> statement-breakpoint
CREATE INDEX "candidates_created_idx" ON "candidates" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "candidates_search_idx" ON "candidates" USING gin ("candidate_name" gin_trgm_ops,"designation" gin_trgm_ops,"location" gin_trgm_ops,"email" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "job_applications_candidate_job_key" ON "job_applications" USING btree ("candidate_id","job_id");--> statement-breakpoint
CREATE INDEX "job_applications_job_idx" ON "job_applications" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_applications_status_idx" ON "job_applications" USING btree ("status","applied_date");--> statement-breakpoint
CREATE INDEX "job_applications_date_idx" ON "job_applications" USING btree ("applied_date");--> statement-breakpoint
CREATE INDEX "job_applications_created_idx" ON "job_applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "job_applications_search_idx" ON "job_applications" USING gin ("contact" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "job_companies_name_key" ON "job_companies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "job_companies_name_idx" ON "job_companies" USING btree ("name");--> statement-breakpoint
CREATE INDEX "job_companies_industry_idx" ON "job_companies" USING btree ("industry_type");--> statement-breakpoint
CREATE INDEX "job_companies_employees_idx" ON "job_companies" USING btree ("employee_range");--> statement-breakpoint
CREATE INDEX "job_companies_rating_idx" ON "job_companies" USING btree ("rating");--> statement-breakpoint
CREATE INDEX "job_companies_since_idx" ON "job_companies" USING btree ("since");--> statement-breakpoint
CREATE INDEX "job_companies_created_idx" ON "job_companies" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "job_companies_search_idx" ON "job_companies" USING gin ("name" gin_trgm_ops,"industry_type" gin_trgm_ops,"location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jobs_company_idx" ON "jobs" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "jobs_status_idx" ON "jobs" USING btree ("status","post_date");--> statement-breakpoint
CREATE INDEX "jobs_type_idx" ON "jobs" USING btree ("type");--> statement-breakpoint
CREATE INDEX "jobs_post_date_idx" ON "jobs" USING btree ("post_date");--> statement-breakpoint
CREATE INDEX "jobs_title_idx" ON "jobs" USING btree ("job_title");--> statement-breakpoint
CREATE INDEX "jobs_vacancies_idx" ON "jobs" USING btree ("vacancies");--> statement-breakpoint
CREATE INDEX "jobs_created_idx" ON "jobs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "jobs_search_idx" ON "jobs" USING gin ("job_title" gin_trgm_ops,"location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_name_idx" ON "projects" USING btree ("name");--> statement-breakpoint
CREATE INDEX "projects_status_idx" ON "projects" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "projects_priority_idx" ON "projects" USING btree ("priority");--> statement-breakpoint
CREATE INDEX "projects_due_idx" ON "projects" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "projects_percentage_idx" ON "projects" USING btree ("percentage");--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "projects_lead_idx" ON "projects" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "projects_members_idx" ON "projects" USING gin ("member_ids");--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin (("name" || ' ' || "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ticket_replies_thread_idx" ON "ticket_replies" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_replies_author_idx" ON "ticket_replies" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "tickets_number_idx" ON "tickets" USING btree ("number");--> statement-breakpoint
CREATE INDEX "tickets_title_idx" ON "tickets" USING btree ("title");--> statement-breakpoint
CREATE INDEX "tickets_status_idx" ON "tickets" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "tickets_status_rank_idx" ON "tickets" USING btree (array_position(ARRAY['New', 'Open', 'Inprogress', 'Closed']::text[], "status"));--> statement-breakpoint
CREATE INDEX "tickets_priority_idx" ON "tickets" USING btree ("priority");--> statement-breakpoint
CREATE INDEX "tickets_priority_rank_idx" ON "tickets" USING btree (array_position(ARRAY['High', 'Medium', 'Low']::text[], "priority"));--> statement-breakpoint
CREATE INDEX "tickets_assigned_idx" ON "tickets" USING btree ("assigned_to_id");--> statement-breakpoint
CREATE INDEX "tickets_due_idx" ON "tickets" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "tickets_created_idx" ON "tickets" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tickets_closed_idx" ON "tickets" USING btree ("closed_at");--> statement-breakpoint
CREATE INDEX "tickets_search_idx" ON "tickets" USING gin ("title" gin_trgm_ops,"client_name" gin_trgm_ops,"client_email" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_user_key" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "team_members_name_idx" ON "team_members" USING btree ("name");--> statement-breakpoint
CREATE INDEX "team_members_designation_idx" ON "team_members" USING btree ("designation");--> statement-breakpoint
CREATE INDEX "team_members_created_idx" ON "team_members" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "team_members_search_idx" ON "team_members" USING gin (("name" || ' ' || "designation" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "todo_projects_name_key" ON "todo_projects" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "todo_projects_name_idx" ON "todo_projects" USING btree ("name");--> statement-breakpoint
CREATE INDEX "todo_projects_created_idx" ON "todo_projects" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "todo_projects_search_idx" ON "todo_projects" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "todos_project_idx" ON "todos" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "todos_status_idx" ON "todos" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "todos_priority_idx" ON "todos" USING btree ("priority");--> statement-breakpoint
CREATE INDEX "todos_due_idx" ON "todos" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "todos_task_idx" ON "todos" USING btree ("task");--> statement-breakpoint
CREATE INDEX "todos_created_idx" ON "todos" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "todos_search_idx" ON "todos" USING gin (("task" || ' ' || "description") gin_trgm_ops);