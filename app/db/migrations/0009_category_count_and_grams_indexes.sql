CREATE TABLE "business_category_count" (
	"category" text PRIMARY KEY NOT NULL,
	"places" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "business_category_count_places" CHECK ("business_category_count"."places" >= 0)
);
--> statement-breakpoint
CREATE INDEX "business_search_name_grams_idx" ON "business" USING gin (search_grams("search_name"));--> statement-breakpoint
CREATE INDEX "business_search_location_grams_idx" ON "business" USING gin (search_grams("search_location"));