CREATE TABLE "blog_post" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blog_post_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"type" text NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"search_location" text NOT NULL,
	"rating" numeric(2, 1) NOT NULL,
	"author_name" text NOT NULL,
	"cover" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_post_key_unique" UNIQUE("key"),
	CONSTRAINT "blog_post_type" CHECK ("blog_post"."type" in ('events', 'local-businesses', 'family-learning', 'city-guides')),
	CONSTRAINT "blog_post_rating_range" CHECK ("blog_post"."rating" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "blog_post_text" (
	"post_id" integer NOT NULL,
	"locale" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"search_title" text NOT NULL,
	"excerpt" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "blog_post_text_post_id_locale_pk" PRIMARY KEY("post_id","locale"),
	CONSTRAINT "blog_post_text_slug" UNIQUE("locale","slug"),
	CONSTRAINT "blog_post_text_locale" CHECK ("blog_post_text"."locale" in ('en-CA', 'fr-CA')),
	CONSTRAINT "blog_post_text_slug_shape" CHECK ("blog_post_text"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "plan_request" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_request_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plan_id" integer NOT NULL,
	"billing" text NOT NULL,
	"price_cents" integer NOT NULL,
	"business_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"province" text NOT NULL,
	"claim_business_id" integer,
	"locale" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_request_billing" CHECK ("plan_request"."billing" in ('monthly', 'annual')),
	CONSTRAINT "plan_request_status" CHECK ("plan_request"."status" in ('new', 'contacted', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "pricing_plan" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pricing_plan_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"position" smallint NOT NULL,
	"name" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"features" jsonb NOT NULL,
	"monthly_price_cents" integer NOT NULL,
	"annual_price_cents" integer NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	CONSTRAINT "pricing_plan_slug_unique" UNIQUE("slug"),
	CONSTRAINT "pricing_plan_position_unique" UNIQUE("position"),
	CONSTRAINT "pricing_plan_prices" CHECK ("pricing_plan"."monthly_price_cents" >= 0 and "pricing_plan"."annual_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cart" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"province" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_userId_unique" UNIQUE("user_id"),
	CONSTRAINT "cart_province" CHECK ("cart"."province" in ('AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'))
);
--> statement-breakpoint
CREATE TABLE "cart_line" (
	"cart_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" smallint NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_line_cart_id_product_id_pk" PRIMARY KEY("cart_id","product_id"),
	CONSTRAINT "cart_line_quantity" CHECK ("cart_line"."quantity" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "product" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"category" text NOT NULL,
	"original_price_cents" integer NOT NULL,
	"sale_price_cents" integer NOT NULL,
	"on_sale" boolean DEFAULT false NOT NULL,
	"image" text NOT NULL,
	"stock" integer NOT NULL,
	"search_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_slug_unique" UNIQUE("slug"),
	CONSTRAINT "product_stock_positive" CHECK ("product"."stock" >= 0),
	CONSTRAINT "product_prices" CHECK ("product"."sale_price_cents" > 0 and "product"."sale_price_cents" <= "product"."original_price_cents"),
	CONSTRAINT "product_category" CHECK ("product"."category" in ('local-food', 'learning-play', 'home', 'outdoors', 'apparel'))
);
--> statement-breakpoint
CREATE TABLE "shop_order" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_order_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"postal_code" text NOT NULL,
	"locale" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"taxes" jsonb NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_order_status" CHECK ("shop_order"."status" in ('awaiting_payment', 'paid', 'shipped', 'cancelled')),
	CONSTRAINT "shop_order_total" CHECK ("shop_order"."total_cents" = "shop_order"."subtotal_cents" + "shop_order"."tax_cents")
);
--> statement-breakpoint
CREATE TABLE "shop_order_line" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_order_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"product_id" integer,
	"name" jsonb NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"quantity" smallint NOT NULL,
	CONSTRAINT "shop_order_line_quantity" CHECK ("shop_order_line"."quantity" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "blog_post_text" ADD CONSTRAINT "blog_post_text_post_id_blog_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_request" ADD CONSTRAINT "plan_request_plan_id_pricing_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."pricing_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_request" ADD CONSTRAINT "plan_request_claim_business_id_business_id_fk" FOREIGN KEY ("claim_business_id") REFERENCES "public"."business"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart" ADD CONSTRAINT "cart_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_line" ADD CONSTRAINT "cart_line_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_line" ADD CONSTRAINT "cart_line_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order" ADD CONSTRAINT "shop_order_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_line" ADD CONSTRAINT "shop_order_line_order_id_shop_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_line" ADD CONSTRAINT "shop_order_line_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_post_published_idx" ON "blog_post" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "blog_post_type_published_idx" ON "blog_post" USING btree ("type","published_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pricing_plan_one_recommended" ON "pricing_plan" USING btree ("recommended") WHERE "pricing_plan"."recommended";--> statement-breakpoint
CREATE INDEX "cart_visitor_updated_idx" ON "cart" USING btree ("updated_at") WHERE "cart"."user_id" is null;--> statement-breakpoint
CREATE INDEX "product_category_idx" ON "product" USING btree ("category","id");--> statement-breakpoint
CREATE INDEX "shop_order_user_idx" ON "shop_order" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shop_order_line_order_idx" ON "shop_order_line" USING btree ("order_id");