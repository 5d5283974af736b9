ALTER TABLE "product" ADD COLUMN "tax_class" text DEFAULT 'taxable' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_order_line" ADD COLUMN "tax_class" text DEFAULT 'taxable' NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_tax_class" CHECK ("product"."tax_class" in ('taxable', 'zero-rated'));--> statement-breakpoint
ALTER TABLE "shop_order_line" ADD CONSTRAINT "shop_order_line_tax_class" CHECK ("shop_order_line"."tax_class" in ('taxable', 'zero-rated'));--> statement-breakpoint
-- Seeding adds only missing products, so the demo shop's groceries already in a database get
-- their class here (content/shop/products.json says the same for new databases).
UPDATE "product" SET "tax_class" = 'zero-rated' WHERE "slug" IN ('amber-maple-syrup', 'wild-blueberry-jam', 'maple-smoked-salmon');
