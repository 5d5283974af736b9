-- Every distinct 1- and 2-character piece of a text. A GIN index on it finds the rows containing a
-- search term too short for trigrams (which would recheck every row): each of the term's pieces
-- must be there, and the rows that have them all are rechecked with strpos.
CREATE FUNCTION search_grams(value text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN array(
  SELECT DISTINCT substr(value, start, size)
  FROM generate_series(1, length(value)) AS start, (VALUES (1), (2)) AS sizes(size)
  WHERE start + size - 1 <= length(value)
);
--> statement-breakpoint
-- Keeps business_category_count equal to count(*) per category, in the same transaction as the
-- change: one statement-level trigger per event, so a bulk insert updates each category once.
-- A category seen for the first time gets its row (at 0) before the counts move: a check on the
-- proposed row of an upsert would refuse a negative change before the conflict is seen.
CREATE FUNCTION business_category_count_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE business_category_count SET places = 0;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO business_category_count (category, places)
    SELECT DISTINCT category, 0 FROM new_rows ORDER BY category
    ON CONFLICT (category) DO NOTHING;
  END IF;
  IF TG_OP = 'INSERT' THEN
    UPDATE business_category_count AS counted SET places = counted.places + changes.change
    FROM (SELECT category, count(*) AS change FROM new_rows GROUP BY category) AS changes
    WHERE counted.category = changes.category;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE business_category_count AS counted SET places = counted.places - changes.change
    FROM (SELECT category, count(*) AS change FROM old_rows GROUP BY category) AS changes
    WHERE counted.category = changes.category;
  ELSE
    UPDATE business_category_count AS counted SET places = counted.places + changes.change
    FROM (
      SELECT category, sum(change) AS change FROM (
        SELECT category, 1 AS change FROM new_rows
        UNION ALL
        SELECT category, -1 FROM old_rows
      ) AS moves
      GROUP BY category HAVING sum(change) <> 0
    ) AS changes
    WHERE counted.category = changes.category;
  END IF;
  RETURN NULL;
END;
$$;
