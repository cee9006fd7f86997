CREATE TABLE "blobs" (
	"hash" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"mime" text NOT NULL,
	"thumbnail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blobs_hash_check" CHECK ("blobs"."hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "blobs_size_check" CHECK ("blobs"."size" >= 0),
	CONSTRAINT "blobs_thumbnail_check" CHECK ("blobs"."thumbnail" is null or "blobs"."thumbnail" in ('webp', 'none'))
);
--> statement-breakpoint
CREATE TABLE "file_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid,
	"folder_id" uuid,
	"user_id" uuid,
	"group_id" uuid,
	"access" text DEFAULT 'view' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "file_shares_item_check" CHECK (("file_shares"."file_id" is null) <> ("file_shares"."folder_id" is null)),
	CONSTRAINT "file_shares_target_check" CHECK (("file_shares"."user_id" is null) <> ("file_shares"."group_id" is null)),
	CONSTRAINT "file_shares_access_check" CHECK ("file_shares"."access" in ('view', 'edit'))
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"blob_hash" text NOT NULL,
	"size" bigint NOT NULL,
	"mime" text NOT NULL,
	"kind" text NOT NULL,
	"folder_id" uuid,
	"owner_id" uuid NOT NULL,
	"starred" boolean DEFAULT false NOT NULL,
	"trashed_at" timestamp with time zone,
	"attached_type" text,
	"attached_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "files_kind_check" CHECK ("files"."kind" in ('Media', 'Documents')),
	CONSTRAINT "files_size_check" CHECK ("files"."size" >= 0),
	CONSTRAINT "files_name_check" CHECK (length("files"."name") between 1 and 255),
	CONSTRAINT "files_attached_check" CHECK (("files"."attached_type" is null) = ("files"."attached_id" is null)),
	CONSTRAINT "files_place_check" CHECK ("files"."attached_type" is null or "files"."folder_id" is null)
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"owner_id" uuid NOT NULL,
	"trashed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "folders_name_check" CHECK (length("folders"."name") between 1 and 255)
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_shares" ADD CONSTRAINT "file_shares_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_shares" ADD CONSTRAINT "file_shares_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_shares" ADD CONSTRAINT "file_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_shares" ADD CONSTRAINT "file_shares_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_blob_hash_blobs_hash_fk" FOREIGN KEY ("blob_hash") REFERENCES "public"."blobs"("hash") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_parent_id_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_shares_file_idx" ON "file_shares" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "file_shares_folder_idx" ON "file_shares" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "file_shares_user_idx" ON "file_shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "file_shares_group_idx" ON "file_shares" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_shares_target_key" ON "file_shares" USING btree (coalesce("file_id", "folder_id"),coalesce("user_id", "group_id"));--> statement-breakpoint
CREATE INDEX "files_folder_idx" ON "files" USING btree ("folder_id","trashed_at","name");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id","trashed_at");--> statement-breakpoint
CREATE INDEX "files_attached_idx" ON "files" USING btree ("attached_type","attached_id","position");--> statement-breakpoint
CREATE INDEX "files_blob_idx" ON "files" USING btree ("blob_hash");--> statement-breakpoint
CREATE INDEX "files_name_trgm_idx" ON "files" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "folders_name_key" ON "folders" USING btree ("owner_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name")) WHERE "folders"."trashed_at" is null;--> statement-breakpoint
CREATE INDEX "folders_parent_idx" ON "folders" USING btree ("parent_id","trashed_at","name");--> statement-breakpoint
CREATE INDEX "folders_owner_idx" ON "folders" USING btree ("owner_id","trashed_at");--> statement-breakpoint
CREATE INDEX "folders_name_trgm_idx" ON "folders" USING gin ("name" gin_trgm_ops);