CREATE TABLE "open_report_tally" (
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"reason" text NOT NULL,
	"open" integer NOT NULL,
	CONSTRAINT "open_report_tally_kind_item_id_reason_pk" PRIMARY KEY("kind","item_id","reason"),
	CONSTRAINT "open_report_tally_open" CHECK ("open_report_tally"."open" >= 0)
);
--> statement-breakpoint
-- The queue's kept tally (decision 0077): each statement's open reports that came (+1) and went
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
-- One trigger function for the three report tables: TG_ARGV[0] is the SQL of a report's kind,
-- TG_ARGV[1] that of its item (directory_report names one of four columns, the others their
-- own). Each branch names only the transition tables its event has (a DELETE has no new_rows).
CREATE FUNCTION report_tally_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  kinds text[]; items integer[]; reasons text[]; deltas integer[];
  moves text;
BEGIN
  moves := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS delta FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS delta FROM old_rows'
    ELSE 'SELECT *, 1 AS delta FROM new_rows UNION ALL SELECT *, -1 FROM old_rows' END;
  EXECUTE format('SELECT array_agg((%s)::text), array_agg(%s), array_agg(reason), array_agg(delta)
                  FROM (%s) AS moves WHERE resolved_at IS NULL', TG_ARGV[0], TG_ARGV[1], moves)
  INTO kinds, items, reasons, deltas;
  IF kinds IS NOT NULL THEN
    PERFORM open_report_tally_add(kinds, items, reasons, deltas);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  report record;
BEGIN
  FOR report IN
    SELECT * FROM (VALUES
      ('directory_report',
       $kind$CASE WHEN review_id IS NOT NULL THEN 'review' WHEN question_id IS NOT NULL THEN 'question' WHEN answer_id IS NOT NULL THEN 'answer' ELSE 'reply' END$kind$,
       'coalesce(review_id, question_id, answer_id, reply_id)'),
      ('business_report', $kind$'business'$kind$, 'business_id'),
      ('job_report', $kind$'job'$kind$, 'job_id')) AS reports(name, kind, item)
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION report_tally_apply(%L, %L)',
                   report.name || '_tally_insert', report.name, report.kind, report.item);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I
                    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION report_tally_apply(%L, %L)',
                   report.name || '_tally_update', report.name, report.kind, report.item);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION report_tally_apply(%L, %L)',
                   report.name || '_tally_delete', report.name, report.kind, report.item);
    -- The reports already open counted once; the triggers keep the tally from here on.
    EXECUTE format('INSERT INTO open_report_tally (kind, item_id, reason, open)
                    SELECT (%s)::text, %s, reason, count(*)::integer FROM %I
                    WHERE resolved_at IS NULL GROUP BY 1, 2, 3',
                   report.kind, report.item, report.name);
  END LOOP;
END;
$$;
