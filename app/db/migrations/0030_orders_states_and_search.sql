ALTER TABLE "shop_order" DROP CONSTRAINT "shop_order_status";--> statement-breakpoint
DROP INDEX "shop_order_user_idx";--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "shop_order_email_idx" ON "shop_order" USING btree (lower("email"),"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shop_order_name_trgm_idx" ON "shop_order" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shop_order_status_idx" ON "shop_order" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shop_order_waiting_idx" ON "shop_order" USING btree ("created_at","id") WHERE "shop_order"."status" in ('awaiting_payment', 'paid');--> statement-breakpoint
CREATE INDEX "shop_order_user_idx" ON "shop_order" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "shop_order" ADD CONSTRAINT "shop_order_status" CHECK ("shop_order"."status" in ('awaiting_payment', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded'));