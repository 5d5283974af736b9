-- Keeps business.review_count, rating_total (the sum of the stars) and rating (their average to one
-- decimal) equal to what the business's reviews hold, in the same transaction as every insert,
-- update and delete of a review: one statement-level trigger per event, like the category counts
-- (0010). Each change is added to the row as it stands (`review_count + n`), never recounted from
-- the statement's snapshot, so reviews written at the same moment wait for each other's row lock
-- on the business and all count.
CREATE FUNCTION review_aggregate_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  review_changes integer[];
  star_changes integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(business_id), array_agg(reviews), array_agg(stars)
    INTO ids, review_changes, star_changes
    FROM (SELECT business_id, count(*)::integer AS reviews, sum(rating)::integer AS stars
          FROM new_rows GROUP BY business_id) AS moves;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(business_id), array_agg(reviews), array_agg(stars)
    INTO ids, review_changes, star_changes
    FROM (SELECT business_id, -count(*)::integer AS reviews, -sum(rating)::integer AS stars
          FROM old_rows GROUP BY business_id) AS moves;
  ELSE
    SELECT array_agg(business_id), array_agg(reviews), array_agg(stars)
    INTO ids, review_changes, star_changes
    FROM (SELECT business_id, sum(reviews)::integer AS reviews, sum(stars)::integer AS stars
          FROM (SELECT business_id, 1 AS reviews, rating AS stars FROM new_rows
                UNION ALL
                SELECT business_id, -1, -rating FROM old_rows) AS each_move
          GROUP BY business_id
          HAVING sum(reviews) <> 0 OR sum(stars) <> 0) AS moves;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE business AS rated
  SET review_count = rated.review_count + changes.reviews,
      rating_total = rated.rating_total + changes.stars,
      rating = CASE WHEN rated.review_count + changes.reviews = 0 THEN 0
        ELSE round((rated.rating_total + changes.stars)::numeric
          / (rated.review_count + changes.reviews), 1) END
  FROM unnest(ids, review_changes, star_changes) AS changes(business_id, reviews, stars)
  WHERE rated.id = changes.business_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER review_aggregate_insert AFTER INSERT ON review
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION review_aggregate_apply();
--> statement-breakpoint
CREATE TRIGGER review_aggregate_update AFTER UPDATE ON review
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION review_aggregate_apply();
--> statement-breakpoint
CREATE TRIGGER review_aggregate_delete AFTER DELETE ON review
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION review_aggregate_apply();
--> statement-breakpoint
-- The reviews already there (the demo's) counted once; the triggers keep it from here on. A
-- business without reviews has none to average: 0 and 0, whatever was stored before.
UPDATE business AS rated
SET review_count = counted.reviews,
    rating_total = counted.stars,
    rating = round(counted.stars::numeric / counted.reviews, 1)
FROM (SELECT business_id, count(*)::integer AS reviews, sum(rating)::integer AS stars
      FROM review GROUP BY business_id) AS counted
WHERE rated.id = counted.business_id;
--> statement-breakpoint
UPDATE business SET review_count = 0, rating_total = 0, rating = 0
WHERE (review_count <> 0 OR rating <> 0)
  AND NOT EXISTS (SELECT FROM review WHERE review.business_id = business.id);
--> statement-breakpoint
ALTER TABLE business ADD CONSTRAINT business_review_aggregate
  CHECK (review_count >= 0 AND rating_total BETWEEN review_count AND 5 * review_count);
