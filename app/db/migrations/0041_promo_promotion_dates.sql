ALTER TABLE "business" ADD COLUMN "promo_starts_on" date;--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "promo_ends_on" date;--> statement-breakpoint
ALTER TABLE "business" ADD CONSTRAINT "business_promo_dates" CHECK ("business"."promo_ends_on" >= "business"."promo_starts_on");