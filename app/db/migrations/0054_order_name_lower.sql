-- The console's search by a part of a buyer's name reads a lower-cased copy PostgreSQL keeps
-- (decision 0082): a short part walks the newest orders, and lowering each name as it went cost
-- half of that walk. The trigram index moves to the copy.
DROP INDEX "shop_order_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "name_lower" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "shop_order_name_trgm_idx" ON "shop_order" USING gin ("name_lower" gin_trgm_ops);