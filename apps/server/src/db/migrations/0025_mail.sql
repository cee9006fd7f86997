CREATE TABLE "mail_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"sender_id" uuid,
	"from_name" text NOT NULL,
	"from_address" text NOT NULL,
	"to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bcc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"teaser" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"in_reply_to" uuid,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailbox_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"folder" text NOT NULL,
	"folder_before_trash" text,
	"type" text DEFAULT 'primary' NOT NULL,
	"label" text,
	"starred" boolean DEFAULT false NOT NULL,
	"important" boolean DEFAULT false NOT NULL,
	"unread" boolean DEFAULT false NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"delivery" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "mailbox_entries_folder_check" CHECK ("mailbox_entries"."folder" in ('inbox', 'sent', 'draft', 'spam', 'trash')),
	CONSTRAINT "mailbox_entries_folder_before_trash_check" CHECK ("mailbox_entries"."folder_before_trash" is null or "mailbox_entries"."folder_before_trash" in ('inbox', 'sent', 'draft', 'spam')),
	CONSTRAINT "mailbox_entries_type_check" CHECK ("mailbox_entries"."type" in ('primary', 'social', 'promotions')),
	CONSTRAINT "mailbox_entries_label_check" CHECK ("mailbox_entries"."label" is null or "mailbox_entries"."label" in ('theme', 'friend', 'family', 'social', 'support', 'freelance')),
	CONSTRAINT "mailbox_entries_delivery_check" CHECK ("mailbox_entries"."delivery" is null or "mailbox_entries"."delivery" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_in_reply_to_mail_messages_id_fk" FOREIGN KEY ("in_reply_to") REFERENCES "public"."mail_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_entries" ADD CONSTRAINT "mailbox_entries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_entries" ADD CONSTRAINT "mailbox_entries_message_id_mail_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_messages_thread_idx" ON "mail_messages" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_messages_sender_idx" ON "mail_messages" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "mail_messages_in_reply_to_idx" ON "mail_messages" USING btree ("in_reply_to");--> statement-breakpoint
CREATE INDEX "mail_messages_search_trgm_idx" ON "mail_messages" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mailbox_entries_folder_idx" ON "mailbox_entries" USING btree ("owner_id","folder","date","id");--> statement-breakpoint
CREATE INDEX "mailbox_entries_owner_date_idx" ON "mailbox_entries" USING btree ("owner_id","date","id","folder");--> statement-breakpoint
CREATE INDEX "mailbox_entries_starred_idx" ON "mailbox_entries" USING btree ("owner_id","date","id","folder") WHERE "mailbox_entries"."starred";--> statement-breakpoint
CREATE INDEX "mailbox_entries_important_idx" ON "mailbox_entries" USING btree ("owner_id","date","id","folder") WHERE "mailbox_entries"."important";--> statement-breakpoint
CREATE INDEX "mailbox_entries_thread_idx" ON "mailbox_entries" USING btree ("owner_id","thread_id");--> statement-breakpoint
CREATE INDEX "mailbox_entries_message_idx" ON "mailbox_entries" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "mailbox_entries_unread_idx" ON "mailbox_entries" USING btree ("owner_id","folder") WHERE "mailbox_entries"."unread";