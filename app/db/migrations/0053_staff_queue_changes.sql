-- The staff queue's change signal (decision 0082): after any statement that may change what the
-- queue's first page shows (a waiting item came or went, or a name or text it quotes changed),
-- a notification on the `staff_queue` channel. PostgreSQL sends it when the transaction commits,
-- once however many statements raised it, and not at all on a rollback; each server process
-- listens and forgets the queue page it keeps (queueView, app/staff/queue.server.ts).
CREATE FUNCTION staff_queue_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('staff_queue', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The waiting rows of every queue kind and the rows their lines quote: reports (through their
-- kept tally, which every report's arrival and resolution moves) and the reported things; orders;
-- redeem requests and their goals; plan requests and their plans; claims, new listings and the
-- businesses they name; employers; held postings.
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY['open_report_tally', 'review', 'review_reply', 'business_question',
    'question_answer', 'business', 'job', 'shop_order', 'redeem_request', 'redeem_goal',
    'plan_request', 'pricing_plan', 'business_claim', 'employer']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION staff_queue_changed()',
                   watched || '_staff_queue_changed', watched);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Players are quoted by name and handle only: their other columns (points, sessions, sign-ins)
-- change far more often and never show on the queue.
CREATE TRIGGER user_staff_queue_changed AFTER UPDATE OF name, handle ON "user"
FOR EACH STATEMENT EXECUTE FUNCTION staff_queue_changed();
