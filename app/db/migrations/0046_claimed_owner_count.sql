-- business.owner_count: how many players own the business, so a card says "Claimed" from its own
-- row (decision 0069). Adding a column with a constant default rewrites no row.
ALTER TABLE "business" ADD COLUMN "owner_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Kept equal to the business's rows in business_owner in the same transaction as every insert,
-- update and delete of one, whatever writes it: a claim by code or by staff, an accepted
-- invitation, an owner removed or leaving, an account deleted (its rows go by cascade, which fires
-- these triggers too). One statement-level trigger per event, like the review aggregate (0016):
-- each change is added to the row as it stands (`owner_count + n`), never recounted from the
-- statement's snapshot, so two owners' accounts deleted at the same moment wait for each other's
-- row lock on the business and both count.
CREATE FUNCTION business_owner_count_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  owner_changes integer[];
BEGIN
  -- Each branch names only the transition tables its event has (a DELETE trigger has no new_rows).
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(business_id), array_agg(owners) INTO ids, owner_changes
    FROM (SELECT business_id, count(*)::integer AS owners
          FROM new_rows GROUP BY business_id) AS moves;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(business_id), array_agg(owners) INTO ids, owner_changes
    FROM (SELECT business_id, -count(*)::integer AS owners
          FROM old_rows GROUP BY business_id) AS moves;
  ELSE
    SELECT array_agg(business_id), array_agg(owners) INTO ids, owner_changes
    FROM (SELECT business_id, sum(owners)::integer AS owners
          FROM (SELECT business_id, 1 AS owners FROM new_rows
                UNION ALL
                SELECT business_id, -1 FROM old_rows) AS each_move
          GROUP BY business_id
          HAVING sum(owners) <> 0) AS moves;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- A business deleted with its owners (the cascade) has no row left to change: nothing matches.
  UPDATE business AS owned
  SET owner_count = owned.owner_count + changes.owners
  FROM unnest(ids, owner_changes) AS changes(business_id, owners)
  WHERE owned.id = changes.business_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER business_owner_count_insert AFTER INSERT ON business_owner
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION business_owner_count_apply();
--> statement-breakpoint
CREATE TRIGGER business_owner_count_update AFTER UPDATE ON business_owner
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION business_owner_count_apply();
--> statement-breakpoint
CREATE TRIGGER business_owner_count_delete AFTER DELETE ON business_owner
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION business_owner_count_apply();
--> statement-breakpoint
-- The owners already there counted once; the triggers keep it from here on.
UPDATE business AS owned
SET owner_count = counted.owners
FROM (SELECT business_id, count(*)::integer AS owners
      FROM business_owner GROUP BY business_id) AS counted
WHERE owned.id = counted.business_id;
--> statement-breakpoint
ALTER TABLE "business" ADD CONSTRAINT "business_owner_count" CHECK ("business"."owner_count" >= 0);
