-- The rows of job_word_posting one posting gives (decision 0026): one per word of its keywords
-- (field 'k', from search_text) and of its location ('l', from search_location) while it is open,
-- none once it is closed, and none for no posting (a null id, as OLD in an INSERT trigger).
-- Search columns hold words one space apart, with a space at each end (app/jobs/search-text.ts);
-- a word written twice is listed once.
CREATE FUNCTION job_word_postings_of(
  job_id integer, is_open boolean, posted_at timestamptz, closes_at timestamptz,
  employer_type text, work_setting text, search_text text, search_location text
) RETURNS SETOF job_word_posting
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT columns.field, words.word, posted_at, job_id, closes_at, employer_type,
    work_setting
  FROM (VALUES ('k', search_text), ('l', search_location)) AS columns(field, search_column),
    unnest(string_to_array(btrim(columns.search_column), ' ')) AS words(word)
  WHERE is_open AND job_id IS NOT NULL
$$;
--> statement-breakpoint
-- Keeps job_word_posting and job_word in step with job, in the same transaction as the change:
-- the row's old postings go (none for an INSERT, whose OLD is null), its new ones come (none for a
-- DELETE), and each word's count moves by the difference. Counts move in one order, so two
-- transactions moving the same words wait for each other instead of deadlocking.
CREATE FUNCTION job_word_posting_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE job_word_posting;
    UPDATE job_word SET postings = 0;
    RETURN NULL;
  END IF;
  WITH removed AS (
    DELETE FROM job_word_posting AS posting
    USING job_word_postings_of(OLD.id, OLD.is_open, OLD.posted_at, OLD.closes_at,
      OLD.employer_type, OLD.work_setting, OLD.search_text, OLD.search_location) AS gone
    WHERE posting.field = gone.field AND posting.word = gone.word
      AND posting.posted_at = gone.posted_at AND posting.job_id = gone.job_id
    RETURNING posting.field, posting.word, -1 AS change
  ), added AS (
    INSERT INTO job_word_posting
    SELECT * FROM job_word_postings_of(NEW.id, NEW.is_open, NEW.posted_at, NEW.closes_at,
      NEW.employer_type, NEW.work_setting, NEW.search_text, NEW.search_location)
    RETURNING field, word, 1 AS change
  )
  INSERT INTO job_word AS known (field, word, postings)
  SELECT field, word, sum(change) FROM (TABLE removed UNION ALL TABLE added) AS moves
  GROUP BY field, word HAVING sum(change) <> 0
  ORDER BY field, word
  ON CONFLICT (field, word) DO UPDATE SET postings = known.postings + excluded.postings;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER job_word_posting_insert AFTER INSERT ON job
  FOR EACH ROW EXECUTE FUNCTION job_word_posting_apply();
--> statement-breakpoint
-- Only when a searched column changes: a posting edited elsewhere keeps its postings.
CREATE TRIGGER job_word_posting_update AFTER UPDATE ON job
  FOR EACH ROW
  WHEN ((OLD.is_open, OLD.posted_at, OLD.closes_at, OLD.employer_type, OLD.work_setting,
      OLD.search_text, OLD.search_location)
    IS DISTINCT FROM (NEW.is_open, NEW.posted_at, NEW.closes_at, NEW.employer_type,
      NEW.work_setting, NEW.search_text, NEW.search_location))
  EXECUTE FUNCTION job_word_posting_apply();
--> statement-breakpoint
CREATE TRIGGER job_word_posting_delete AFTER DELETE ON job
  FOR EACH ROW EXECUTE FUNCTION job_word_posting_apply();
--> statement-breakpoint
CREATE TRIGGER job_word_posting_truncate AFTER TRUNCATE ON job
  FOR EACH STATEMENT EXECUTE FUNCTION job_word_posting_apply();
--> statement-breakpoint
-- The postings already there, listed and counted once; the triggers keep them from here on.
INSERT INTO job_word_posting
SELECT postings.* FROM job,
  job_word_postings_of(job.id, job.is_open, job.posted_at, job.closes_at, job.employer_type,
    job.work_setting, job.search_text, job.search_location) AS postings;
--> statement-breakpoint
INSERT INTO job_word (field, word, postings)
SELECT field, word, count(*) FROM job_word_posting GROUP BY field, word;
--> statement-breakpoint
ANALYZE job_word_posting;
--> statement-breakpoint
ANALYZE job_word;
