DROP INDEX "business_rank_idx";--> statement-breakpoint
DROP INDEX "business_category_rank_idx";--> statement-breakpoint
CREATE INDEX "business_rank_idx" ON "business" USING btree ("rating","id","search_name","search_location");--> statement-breakpoint
CREATE INDEX "business_category_rank_idx" ON "business" USING btree ("category","rating","id","search_name","search_location");