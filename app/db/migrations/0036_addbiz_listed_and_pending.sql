DROP INDEX "business_rank_idx";--> statement-breakpoint
DROP INDEX "business_category_rank_idx";--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "submitted_by" text;--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "rejected_reason" text;--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "listed" boolean GENERATED ALWAYS AS (hidden_at is null and status = 'approved') STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "business" ADD CONSTRAINT "business_submitted_by_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_submitted_by_idx" ON "business" USING btree ("submitted_by") WHERE "business"."submitted_by" is not null;--> statement-breakpoint
CREATE INDEX "business_pending_idx" ON "business" USING btree ("created_at","id") WHERE "business"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "business_rank_idx" ON "business" USING btree ("rating","id","search_name","search_location") WHERE "business"."listed";--> statement-breakpoint
CREATE INDEX "business_category_rank_idx" ON "business" USING btree ("category","rating","id","search_name","search_location") WHERE "business"."listed";--> statement-breakpoint
ALTER TABLE "business" ADD CONSTRAINT "business_status" CHECK ("business"."status" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
-- The home page's counts follow the one rule: a business counts while it is listed (not hidden
-- by moderators, approved by staff), so hiding, restoring, approving and deleting move the counts
-- in the same transaction. Same statement-level triggers as migration 0008; only listed rows count.
CREATE OR REPLACE FUNCTION business_category_count_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE business_category_count SET places = 0;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO business_category_count (category, places)
    SELECT DISTINCT category, 0 FROM new_rows WHERE listed ORDER BY category
    ON CONFLICT (category) DO NOTHING;
  END IF;
  IF TG_OP = 'INSERT' THEN
    UPDATE business_category_count AS counted SET places = counted.places + changes.change
    FROM (SELECT category, count(*) AS change FROM new_rows WHERE listed GROUP BY category) AS changes
    WHERE counted.category = changes.category;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE business_category_count AS counted SET places = counted.places - changes.change
    FROM (SELECT category, count(*) AS change FROM old_rows WHERE listed GROUP BY category) AS changes
    WHERE counted.category = changes.category;
  ELSE
    UPDATE business_category_count AS counted SET places = counted.places + changes.change
    FROM (
      SELECT category, sum(change) AS change FROM (
        SELECT category, 1 AS change FROM new_rows WHERE listed
        UNION ALL
        SELECT category, -1 FROM old_rows WHERE listed
      ) AS moves
      GROUP BY category HAVING sum(change) <> 0
    ) AS changes
    WHERE counted.category = changes.category;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Counted again under the rule: the hidden businesses the old counts included leave them.
UPDATE business_category_count AS counted
SET places = (SELECT count(*) FROM business WHERE listed AND category = counted.category);
