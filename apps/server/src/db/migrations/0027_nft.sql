CREATE TABLE "nft_bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"auction_id" uuid NOT NULL,
	"bidder_id" uuid NOT NULL,
	"amount" numeric(18, 4) NOT NULL,
	"status" text DEFAULT 'leading' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nft_bids_amount_check" CHECK ("nft_bids"."amount" > 0),
	CONSTRAINT "nft_bids_status_check" CHECK ("nft_bids"."status" in ('leading', 'outbid', 'won', 'lost'))
);
--> statement-breakpoint
CREATE TABLE "nft_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"creator_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "nft_drops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"collection_id" uuid,
	"creator_id" uuid NOT NULL,
	"image_file_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"price" numeric(18, 4) NOT NULL,
	"available" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "nft_drops_sold_check" CHECK ("nft_drops"."sold" >= 0 and "nft_drops"."sold" <= "nft_drops"."available"),
	CONSTRAINT "nft_drops_category_check" CHECK ("nft_drops"."category" in ('upto-15', 'upto-30', 'upto-40'))
);
--> statement-breakpoint
CREATE TABLE "nft_follows" (
	"creator_id" uuid NOT NULL,
	"follower_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nft_follows_creator_id_follower_id_pk" PRIMARY KEY("creator_id","follower_id"),
	CONSTRAINT "nft_follows_self_check" CHECK ("nft_follows"."creator_id" <> "nft_follows"."follower_id")
);
--> statement-breakpoint
CREATE TABLE "nft_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"file_type" text NOT NULL,
	"media_file_id" uuid,
	"creator_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"collection_id" uuid,
	"likes" integer DEFAULT 0 NOT NULL,
	"listing" text DEFAULT 'none' NOT NULL,
	"price" numeric(18, 4),
	"auction_id" uuid,
	"ends_at" timestamp with time zone,
	"highest_bid" numeric(18, 4),
	"highest_bidder_id" uuid,
	"bids_count" integer DEFAULT 0 NOT NULL,
	"current_price" numeric(18, 4) GENERATED ALWAYS AS (coalesce(highest_bid, price)) STORED,
	"volume" numeric(18, 4) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "nft_items_listing_check" CHECK ("nft_items"."listing" in ('none', 'fixed', 'auction')),
	CONSTRAINT "nft_items_sale_check" CHECK (("nft_items"."listing" = 'none' and "nft_items"."price" is null and "nft_items"."ends_at" is null)
       or ("nft_items"."listing" = 'fixed' and "nft_items"."price" > 0 and "nft_items"."ends_at" is null)
       or ("nft_items"."listing" = 'auction' and "nft_items"."price" > 0 and "nft_items"."ends_at" is not null and "nft_items"."auction_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "nft_likes" (
	"item_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nft_likes_item_id_user_id_pk" PRIMARY KEY("item_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "nft_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"collection_id" uuid,
	"category" text NOT NULL,
	"seller_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"price" numeric(18, 4) NOT NULL,
	"kind" text NOT NULL,
	"auction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nft_sales_kind_check" CHECK ("nft_sales"."kind" in ('fixed', 'auction'))
);
--> statement-breakpoint
CREATE TABLE "nft_wallets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"balance" numeric(18, 4) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nft_wallets_balance_check" CHECK ("nft_wallets"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "nft_bids" ADD CONSTRAINT "nft_bids_item_id_nft_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."nft_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_bids" ADD CONSTRAINT "nft_bids_bidder_id_users_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_collections" ADD CONSTRAINT "nft_collections_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_drops" ADD CONSTRAINT "nft_drops_collection_id_nft_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."nft_collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_drops" ADD CONSTRAINT "nft_drops_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_drops" ADD CONSTRAINT "nft_drops_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_follows" ADD CONSTRAINT "nft_follows_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_follows" ADD CONSTRAINT "nft_follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_media_file_id_files_id_fk" FOREIGN KEY ("media_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_collection_id_nft_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."nft_collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_highest_bidder_id_users_id_fk" FOREIGN KEY ("highest_bidder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_likes" ADD CONSTRAINT "nft_likes_item_id_nft_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."nft_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_likes" ADD CONSTRAINT "nft_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_sales" ADD CONSTRAINT "nft_sales_item_id_nft_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."nft_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_sales" ADD CONSTRAINT "nft_sales_collection_id_nft_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."nft_collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_sales" ADD CONSTRAINT "nft_sales_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_sales" ADD CONSTRAINT "nft_sales_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_wallets" ADD CONSTRAINT "nft_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nft_bids_item_idx" ON "nft_bids" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "nft_bids_bidder_idx" ON "nft_bids" USING btree ("bidder_id","created_at");--> statement-breakpoint
CREATE INDEX "nft_bids_auction_idx" ON "nft_bids" USING btree ("auction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nft_bids_leading_key" ON "nft_bids" USING btree ("auction_id") WHERE "nft_bids"."status" = 'leading';--> statement-breakpoint
CREATE UNIQUE INDEX "nft_collections_name_key" ON "nft_collections" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "nft_collections_creator_idx" ON "nft_collections" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "nft_drops_starts_idx" ON "nft_drops" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "nft_follows_follower_idx" ON "nft_follows" USING btree ("follower_id");--> statement-breakpoint
CREATE INDEX "nft_items_created_idx" ON "nft_items" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "nft_items_category_idx" ON "nft_items" USING btree ("category","created_at");--> statement-breakpoint
CREATE INDEX "nft_items_file_type_idx" ON "nft_items" USING btree ("file_type","created_at");--> statement-breakpoint
CREATE INDEX "nft_items_owner_idx" ON "nft_items" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "nft_items_creator_idx" ON "nft_items" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "nft_items_collection_idx" ON "nft_items" USING btree ("collection_id","created_at");--> statement-breakpoint
CREATE INDEX "nft_items_price_idx" ON "nft_items" USING btree ("current_price");--> statement-breakpoint
CREATE INDEX "nft_items_price_desc_idx" ON "nft_items" USING btree ("current_price" desc nulls last);--> statement-breakpoint
CREATE INDEX "nft_items_likes_idx" ON "nft_items" USING btree ("likes");--> statement-breakpoint
CREATE INDEX "nft_items_title_idx" ON "nft_items" USING btree ("title");--> statement-breakpoint
CREATE INDEX "nft_items_ends_idx" ON "nft_items" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "nft_items_search_idx" ON "nft_items" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "nft_likes_user_idx" ON "nft_likes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nft_sales_auction_key" ON "nft_sales" USING btree ("auction_id");--> statement-breakpoint
CREATE INDEX "nft_sales_created_idx" ON "nft_sales" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "nft_sales_item_idx" ON "nft_sales" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "nft_sales_collection_idx" ON "nft_sales" USING btree ("collection_id","created_at");--> statement-breakpoint
CREATE INDEX "nft_sales_buyer_idx" ON "nft_sales" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "nft_sales_seller_idx" ON "nft_sales" USING btree ("seller_id");