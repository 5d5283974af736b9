CREATE TABLE "business" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"address" text NOT NULL,
	"postal_code" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"search_name" text NOT NULL,
	"search_location" text NOT NULL,
	"rating" numeric(2, 1) NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"price_from_cents" integer NOT NULL,
	"opens_at" time NOT NULL,
	"closes_at" time NOT NULL,
	"image" text NOT NULL,
	"cover_image" text NOT NULL,
	"owner_name" text NOT NULL,
	"owner_image" text NOT NULL,
	"website" text,
	"description" jsonb NOT NULL,
	"promo_title" jsonb,
	"promo_description" jsonb,
	"promo_image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_slug_unique" UNIQUE("slug"),
	CONSTRAINT "business_rating_range" CHECK ("business"."rating" between 0 and 5),
	CONSTRAINT "business_price_positive" CHECK ("business"."price_from_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "business_product" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_product_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"image" text NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "business_product_position" UNIQUE("business_id","position"),
	CONSTRAINT "business_product_price_positive" CHECK ("business_product"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "business_question" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_question_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"asked_by" text NOT NULL,
	"question" text NOT NULL,
	"answer" text,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_question" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quiz_question_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category" text NOT NULL,
	"locale" text NOT NULL,
	"set_number" smallint NOT NULL,
	"position" smallint NOT NULL,
	"text" text NOT NULL,
	"options" jsonb NOT NULL,
	"answer_index" smallint NOT NULL,
	"explanation" text NOT NULL,
	CONSTRAINT "quiz_question_slot" UNIQUE("category","locale","set_number","position"),
	CONSTRAINT "quiz_question_set_range" CHECK ("quiz_question"."set_number" between 1 and 20),
	CONSTRAINT "quiz_question_position_range" CHECK ("quiz_question"."position" between 1 and 5),
	CONSTRAINT "quiz_question_answer_range" CHECK ("quiz_question"."answer_index" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "review" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"author_name" text NOT NULL,
	"rating" smallint NOT NULL,
	"body" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_rating_range" CHECK ("review"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "business_product" ADD CONSTRAINT "business_product_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_question" ADD CONSTRAINT "business_question_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_rank_idx" ON "business" USING btree ("rating" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "business_category_rank_idx" ON "business" USING btree ("category","rating" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "business_search_name_trgm_idx" ON "business" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "business_search_location_trgm_idx" ON "business" USING gin ("search_location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "business_question_business_idx" ON "business_question" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "review_business_idx" ON "review" USING btree ("business_id","created_at" DESC NULLS LAST);