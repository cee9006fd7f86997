-- btree_gin: a GIN index may hold the category beside the trigrams.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "products_category_search_idx" ON "products" USING gin ("category",("name" || ' ' || "category") gin_trgm_ops);
