CREATE TABLE "open_report_tally" (
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"reason" text NOT NULL,
	"open" integer NOT NULL,
	CONSTRAINT "open_report_tally_kind_item_id_reason_pk" PRIMARY KEY("kind","item_id","reason"),
	CONSTRAINT "open_report_tally_open" CHECK ("open_report_tally"."open" >= 0)
);
--> statement-breakpoint
-- The queue's kept tally (decision 0074): each statement's open reports that came (+1) and went
-- (-1), by kind, item and reason, added to the rows as they stand (`open + n`, never recounted
-- from the statement's snapshot, as business.owner_count in 0046), rows left at zero deleted.
-- Rows already there are updated, not upserted: an INSERT's CHECK is tested on the row it would
-- insert (a negative one) before ON CONFLICT finds the row to add to.
CREATE FUNCTION open_report_tally_add(kinds text[], items integer[], reasons text[], deltas integer[])
RETURNS void LANGUAGE sql AS $$
  WITH moves AS (
    SELECT kind, item, reason, sum(delta)::integer AS delta
    FROM unnest(kinds, items, reasons, deltas) AS each_move(kind, item, reason, delta)
    GROUP BY kind, item, reason HAVING sum(delta) <> 0
  ), counted AS (
    UPDATE open_report_tally AS tally SET open = tally.open + moves.delta
    FROM moves
    WHERE tally.kind = moves.kind AND tally.item_id = moves.item AND tally.reason = moves.reason
    RETURNING tally.kind, tally.item_id, tally.reason
  )
  -- A row another transaction inserted meanwhile is added to (ON CONFLICT) as well.
  INSERT INTO open_report_tally AS tally (kind, item_id, reason, open)
  SELECT kind, item, reason, delta FROM moves
  WHERE NOT EXISTS (SELECT FROM counted
                    WHERE counted.kind = moves.kind AND counted.item_id = moves.item
                      AND counted.reason = moves.reason)
  ON CONFLICT (kind, item_id, reason) DO UPDATE SET open = tally.open + excluded.open;
  DELETE FROM open_report_tally AS tally
  USING unnest(kinds, items, reasons) AS moves(kind, item, reason)
  WHERE tally.kind = moves.kind AND tally.item_id = moves.item AND tally.reason = moves.reason
    AND tally.open = 0;
$$;
--> statement-breakpoint
-- One function per reports table (each names its item its own way); each branch names only the
-- transition tables its event has (a DELETE trigger has no new_rows).
CREATE FUNCTION directory_report_tally() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  kinds text[]; items integer[]; reasons text[]; deltas integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(kind), array_agg(item), array_agg(reason), array_agg(delta)
    INTO kinds, items, reasons, deltas
    FROM (SELECT CASE WHEN review_id IS NOT NULL THEN 'review' WHEN question_id IS NOT NULL THEN 'question'
                      WHEN answer_id IS NOT NULL THEN 'answer' ELSE 'reply' END AS kind,
                 coalesce(review_id, question_id, answer_id, reply_id) AS item, reason, 1 AS delta
          FROM new_rows WHERE resolved_at IS NULL) AS moves;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(kind), array_agg(item), array_agg(reason), array_agg(delta)
    INTO kinds, items, reasons, deltas
    FROM (SELECT CASE WHEN review_id IS NOT NULL THEN 'review' WHEN question_id IS NOT NULL THEN 'question'
                      WHEN answer_id IS NOT NULL THEN 'answer' ELSE 'reply' END AS kind,
                 coalesce(review_id, question_id, answer_id, reply_id) AS item, reason, -1 AS delta
          FROM old_rows WHERE resolved_at IS NULL) AS moves;
  ELSE
    SELECT array_agg(kind), array_agg(item), array_agg(reason), array_agg(delta)
    INTO kinds, items, reasons, deltas
    FROM (SELECT CASE WHEN review_id IS NOT NULL THEN 'review' WHEN question_id IS NOT NULL THEN 'question'
                      WHEN answer_id IS NOT NULL THEN 'answer' ELSE 'reply' END AS kind,
                 coalesce(review_id, question_id, answer_id, reply_id) AS item, reason, delta
          FROM (SELECT *, 1 AS delta FROM new_rows WHERE resolved_at IS NULL
                UNION ALL
                SELECT *, -1 FROM old_rows WHERE resolved_at IS NULL) AS each_move) AS moves;
  END IF;
  IF kinds IS NOT NULL THEN
    PERFORM open_report_tally_add(kinds, items, reasons, deltas);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION single_kind_report_tally() RETURNS trigger
LANGUAGE plpgsql AS $$
-- business_report and job_report: TG_ARGV[0] is the kind, TG_ARGV[1] the item's column.
DECLARE
  kinds text[]; items integer[]; reasons text[]; deltas integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT array_agg(%L::text), array_agg(%I), array_agg(reason), array_agg(1)
                    FROM new_rows WHERE resolved_at IS NULL', TG_ARGV[0], TG_ARGV[1])
    INTO kinds, items, reasons, deltas;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(%L::text), array_agg(%I), array_agg(reason), array_agg(-1)
                    FROM old_rows WHERE resolved_at IS NULL', TG_ARGV[0], TG_ARGV[1])
    INTO kinds, items, reasons, deltas;
  ELSE
    EXECUTE format('SELECT array_agg(%L::text), array_agg(item), array_agg(reason), array_agg(delta)
                    FROM (SELECT %I AS item, reason, 1 AS delta FROM new_rows WHERE resolved_at IS NULL
                          UNION ALL
                          SELECT %I, reason, -1 FROM old_rows WHERE resolved_at IS NULL) AS moves',
                   TG_ARGV[0], TG_ARGV[1], TG_ARGV[1])
    INTO kinds, items, reasons, deltas;
  END IF;
  IF kinds IS NOT NULL THEN
    PERFORM open_report_tally_add(kinds, items, reasons, deltas);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER directory_report_tally_insert AFTER INSERT ON directory_report
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_report_tally();
--> statement-breakpoint
CREATE TRIGGER directory_report_tally_update AFTER UPDATE ON directory_report
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION directory_report_tally();
--> statement-breakpoint
CREATE TRIGGER directory_report_tally_delete AFTER DELETE ON directory_report
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_report_tally();
--> statement-breakpoint
CREATE TRIGGER business_report_tally_insert AFTER INSERT ON business_report
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION single_kind_report_tally('business', 'business_id');
--> statement-breakpoint
CREATE TRIGGER business_report_tally_update AFTER UPDATE ON business_report
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION single_kind_report_tally('business', 'business_id');
--> statement-breakpoint
CREATE TRIGGER business_report_tally_delete AFTER DELETE ON business_report
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION single_kind_report_tally('business', 'business_id');
--> statement-breakpoint
CREATE TRIGGER job_report_tally_insert AFTER INSERT ON job_report
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION single_kind_report_tally('job', 'job_id');
--> statement-breakpoint
CREATE TRIGGER job_report_tally_update AFTER UPDATE ON job_report
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION single_kind_report_tally('job', 'job_id');
--> statement-breakpoint
CREATE TRIGGER job_report_tally_delete AFTER DELETE ON job_report
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION single_kind_report_tally('job', 'job_id');
--> statement-breakpoint
-- The reports already open counted once; the triggers keep the tally from here on.
INSERT INTO open_report_tally (kind, item_id, reason, open)
SELECT CASE WHEN review_id IS NOT NULL THEN 'review' WHEN question_id IS NOT NULL THEN 'question'
            WHEN answer_id IS NOT NULL THEN 'answer' ELSE 'reply' END,
       coalesce(review_id, question_id, answer_id, reply_id), reason, count(*)::integer
FROM directory_report WHERE resolved_at IS NULL GROUP BY 1, 2, 3
UNION ALL
SELECT 'business', business_id, reason, count(*)::integer
FROM business_report WHERE resolved_at IS NULL GROUP BY 2, 3
UNION ALL
SELECT 'job', job_id, reason, count(*)::integer
FROM job_report WHERE resolved_at IS NULL GROUP BY 2, 3;
