-- Products' pictures become image attachments (files with attached_type 'products'); the old
-- clip-art paths name no stored file and are dropped. An order line shows its product's main
-- picture of today, so it keeps no copy of its own.
ALTER TABLE "order_lines" DROP COLUMN "image";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "images";
