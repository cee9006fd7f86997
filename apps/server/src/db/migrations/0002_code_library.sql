-- Substring search on codes uses trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "library_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"level" smallint NOT NULL,
	"parent_id" uuid,
	"l1_id" uuid,
	"l2_id" uuid,
	"l3_id" uuid,
	"code" text NOT NULL,
	"code_comb" text NOT NULL,
	"description" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"unit_id" uuid,
	"unit_price" numeric(18, 2) DEFAULT '0' NOT NULL,
	"quantity" numeric(18, 3) DEFAULT '0' NOT NULL,
	"amount" numeric(36, 5) GENERATED ALWAYS AS (unit_price * quantity) STORED,
	"taxable" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "library_codes_level_check" CHECK ("library_codes"."level" between 1 and 4),
	CONSTRAINT "library_codes_parent_check" CHECK (("library_codes"."level" = 1) = ("library_codes"."parent_id" is null)),
	CONSTRAINT "library_codes_amounts_check" CHECK ("library_codes"."unit_price" >= 0 and "library_codes"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "library_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "library_codes" ADD CONSTRAINT "library_codes_parent_id_library_codes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."library_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_codes" ADD CONSTRAINT "library_codes_unit_id_library_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."library_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "library_codes_code_comb_key" ON "library_codes" USING btree ("code_comb");--> statement-breakpoint
CREATE INDEX "library_codes_parent_idx" ON "library_codes" USING btree ("parent_id","code_comb");--> statement-breakpoint
CREATE INDEX "library_codes_level_idx" ON "library_codes" USING btree ("level","code_comb");--> statement-breakpoint
CREATE INDEX "library_codes_l1_idx" ON "library_codes" USING btree ("l1_id");--> statement-breakpoint
CREATE INDEX "library_codes_l2_idx" ON "library_codes" USING btree ("l2_id");--> statement-breakpoint
CREATE INDEX "library_codes_l3_idx" ON "library_codes" USING btree ("l3_id");--> statement-breakpoint
CREATE INDEX "library_codes_unit_idx" ON "library_codes" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "library_codes_search_idx" ON "library_codes" USING gin (("code" || ' ' || "code_comb" || ' ' || "description") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "library_units_name_key" ON "library_units" USING btree (lower("name"));;--> statement-breakpoint
-- The units an L4 item can be measured in; library.manage edits the list from here on.
INSERT INTO "library_units" ("name", "description") VALUES
  ('m', 'metre'), ('m²', 'square metre'), ('m³', 'cubic metre'), ('kg', 'kilogram'), ('t', 'tonne'),
  ('pcs', 'pieces'), ('h', 'hour'), ('day', 'working day'), ('l', 'litre'), ('set', 'set'),
  ('lump sum', 'one price for the whole item');