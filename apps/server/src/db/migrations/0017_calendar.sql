CREATE TABLE "calendar_event_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid,
	"group_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_event_shares_one_check" CHECK (("calendar_event_shares"."user_id" is null) <> ("calendar_event_shares"."group_id" is null))
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"category" text DEFAULT 'info' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"repeat" text DEFAULT 'none' NOT NULL,
	"repeat_until" date,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"series_ends_at" timestamp with time zone NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "calendar_events_end_check" CHECK ("calendar_events"."ends_at" > "calendar_events"."starts_at"),
	CONSTRAINT "calendar_events_series_end_check" CHECK ("calendar_events"."series_ends_at" >= "calendar_events"."ends_at"),
	CONSTRAINT "calendar_events_category_check" CHECK ("calendar_events"."category" in ('success', 'info', 'warning', 'danger')),
	CONSTRAINT "calendar_events_repeat_check" CHECK ("calendar_events"."repeat" in ('none', 'daily', 'weekly', 'monthly')),
	CONSTRAINT "calendar_events_repeat_until_check" CHECK (("calendar_events"."repeat" = 'none') = ("calendar_events"."repeat_until" is null))
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "calendar_event_shares" ADD CONSTRAINT "calendar_event_shares_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_shares" ADD CONSTRAINT "calendar_event_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_shares" ADD CONSTRAINT "calendar_event_shares_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_event_shares_user_key" ON "calendar_event_shares" USING btree ("event_id","user_id") WHERE "calendar_event_shares"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_event_shares_group_key" ON "calendar_event_shares" USING btree ("event_id","group_id") WHERE "calendar_event_shares"."group_id" is not null;--> statement-breakpoint
CREATE INDEX "calendar_event_shares_user_idx" ON "calendar_event_shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "calendar_event_shares_group_idx" ON "calendar_event_shares" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "calendar_events_owner_range_idx" ON "calendar_events" USING btree ("owner_id","series_ends_at","starts_at");--> statement-breakpoint
CREATE INDEX "calendar_events_owner_start_idx" ON "calendar_events" USING btree ("owner_id","starts_at");--> statement-breakpoint
CREATE INDEX "calendar_events_start_idx" ON "calendar_events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "calendar_events_title_trgm_idx" ON "calendar_events" USING gin ("title" gin_trgm_ops);