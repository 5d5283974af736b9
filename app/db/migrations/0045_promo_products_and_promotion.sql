ALTER TABLE "business" ADD COLUMN "promo_starts_on" date;--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "promo_ends_on" date;--> statement-breakpoint
ALTER TABLE "business_product" ADD COLUMN "image_alt" jsonb;--> statement-breakpoint
CREATE INDEX "business_promo_image_idx" ON "business" USING btree ("promo_image") WHERE "business"."promo_image" is not null;--> statement-breakpoint
CREATE INDEX "business_product_image_idx" ON "business_product" USING btree ("image");--> statement-breakpoint
ALTER TABLE "business" ADD CONSTRAINT "business_promo_dates" CHECK ("business"."promo_ends_on" >= "business"."promo_starts_on");