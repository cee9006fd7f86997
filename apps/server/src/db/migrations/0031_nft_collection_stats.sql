CREATE TABLE "nft_collection_holders" (
	"collection_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"items" integer NOT NULL,
	CONSTRAINT "nft_collection_holders_collection_id_owner_id_pk" PRIMARY KEY("collection_id","owner_id")
);
--> statement-breakpoint
CREATE TABLE "nft_collection_sales" (
	"collection_id" uuid PRIMARY KEY NOT NULL,
	"volume" numeric(24, 4) NOT NULL,
	"sales" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nft_collection_holders" ADD CONSTRAINT "nft_collection_holders_collection_id_nft_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."nft_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_collection_sales" ADD CONSTRAINT "nft_collection_sales_collection_id_nft_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."nft_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nft_items_collection_floor_idx" ON "nft_items" USING btree ("collection_id","current_price") WHERE "nft_items"."listing" <> 'none';--> statement-breakpoint
-- The holders of each collection, kept by statement triggers on nft_items: one upsert per
-- (collection, owner) a statement touches, however many rows it writes (a bulk load too).
CREATE FUNCTION nft_collection_holders_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE nft_collection_holders h SET items = h.items - gone.n
      FROM (SELECT collection_id, owner_id, count(*)::int AS n FROM old_items
             WHERE collection_id IS NOT NULL GROUP BY 1, 2) gone
     WHERE h.collection_id = gone.collection_id AND h.owner_id = gone.owner_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO nft_collection_holders AS h (collection_id, owner_id, items)
    SELECT collection_id, owner_id, count(*)::int FROM new_items
     WHERE collection_id IS NOT NULL
     GROUP BY 1, 2
        ON CONFLICT (collection_id, owner_id) DO UPDATE SET items = h.items + excluded.items;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER nft_items_holders_insert AFTER INSERT ON nft_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION nft_collection_holders_apply();
--> statement-breakpoint
CREATE TRIGGER nft_items_holders_update AFTER UPDATE ON nft_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION nft_collection_holders_apply();
--> statement-breakpoint
CREATE TRIGGER nft_items_holders_delete AFTER DELETE ON nft_items
  REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION nft_collection_holders_apply();
--> statement-breakpoint
-- Each collection's sales all time, kept by statement triggers on nft_sales (written once; a
-- collection's delete takes its total with it).
CREATE FUNCTION nft_collection_sales_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE nft_collection_sales t SET volume = t.volume - gone.volume, sales = t.sales - gone.n
      FROM (SELECT collection_id, sum(price) AS volume, count(*)::int AS n FROM old_sales
             WHERE collection_id IS NOT NULL GROUP BY 1) gone
     WHERE t.collection_id = gone.collection_id;
  ELSE
    INSERT INTO nft_collection_sales AS t (collection_id, volume, sales)
    SELECT collection_id, sum(price), count(*)::int FROM new_sales
     WHERE collection_id IS NOT NULL
     GROUP BY 1
        ON CONFLICT (collection_id) DO UPDATE
       SET volume = t.volume + excluded.volume, sales = t.sales + excluded.sales;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER nft_sales_totals_insert AFTER INSERT ON nft_sales
  REFERENCING NEW TABLE AS new_sales FOR EACH STATEMENT EXECUTE FUNCTION nft_collection_sales_apply();
--> statement-breakpoint
CREATE TRIGGER nft_sales_totals_delete AFTER DELETE ON nft_sales
  REFERENCING OLD TABLE AS old_sales FOR EACH STATEMENT EXECUTE FUNCTION nft_collection_sales_apply();
--> statement-breakpoint
-- What is there already.
INSERT INTO nft_collection_holders (collection_id, owner_id, items)
SELECT collection_id, owner_id, count(*)::int FROM nft_items WHERE collection_id IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO nft_collection_sales (collection_id, volume, sales)
SELECT collection_id, sum(price), count(*)::int FROM nft_sales WHERE collection_id IS NOT NULL GROUP BY 1;
