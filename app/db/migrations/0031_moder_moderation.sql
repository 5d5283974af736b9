DROP INDEX "business_rank_idx";--> statement-breakpoint
DROP INDEX "business_category_rank_idx";--> statement-breakpoint
DROP INDEX "job_open_rank_idx";--> statement-breakpoint
DROP INDEX "job_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "hidden_note" text;--> statement-breakpoint
ALTER TABLE "business_question" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_question" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "business_question" ADD COLUMN "hidden_note" text;--> statement-breakpoint
ALTER TABLE "business_report" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_report" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "directory_report" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "directory_report" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "question_answer" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "question_answer" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "question_answer" ADD COLUMN "hidden_note" text;--> statement-breakpoint
ALTER TABLE "review" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "review" ADD COLUMN "hidden_note" text;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "hidden_note" text;--> statement-breakpoint
ALTER TABLE "job_report" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_report" ADD COLUMN "resolution" text;--> statement-breakpoint
CREATE INDEX "business_hidden_idx" ON "business" USING btree ("hidden_at","id") WHERE "business"."hidden_at" is not null;--> statement-breakpoint
CREATE INDEX "business_question_hidden_idx" ON "business_question" USING btree ("hidden_at","id") WHERE "business_question"."hidden_at" is not null;--> statement-breakpoint
CREATE INDEX "business_report_open_idx" ON "business_report" USING btree ("created_at","id") WHERE "business_report"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "business_report_open_business_idx" ON "business_report" USING btree ("business_id","created_at") WHERE "business_report"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "directory_report_open_idx" ON "directory_report" USING btree ("created_at","id") WHERE "directory_report"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "directory_report_open_review_idx" ON "directory_report" USING btree ("review_id","created_at") WHERE "directory_report"."resolved_at" is null and "directory_report"."review_id" is not null;--> statement-breakpoint
CREATE INDEX "directory_report_open_question_idx" ON "directory_report" USING btree ("question_id","created_at") WHERE "directory_report"."resolved_at" is null and "directory_report"."question_id" is not null;--> statement-breakpoint
CREATE INDEX "directory_report_open_answer_idx" ON "directory_report" USING btree ("answer_id","created_at") WHERE "directory_report"."resolved_at" is null and "directory_report"."answer_id" is not null;--> statement-breakpoint
CREATE INDEX "question_answer_hidden_idx" ON "question_answer" USING btree ("hidden_at","id") WHERE "question_answer"."hidden_at" is not null;--> statement-breakpoint
CREATE INDEX "review_hidden_idx" ON "review" USING btree ("hidden_at","id") WHERE "review"."hidden_at" is not null;--> statement-breakpoint
CREATE INDEX "job_hidden_idx" ON "job" USING btree ("hidden_at","id") WHERE "job"."hidden_at" is not null;--> statement-breakpoint
CREATE INDEX "job_report_open_idx" ON "job_report" USING btree ("created_at","id") WHERE "job_report"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "job_report_open_job_idx" ON "job_report" USING btree ("job_id","created_at") WHERE "job_report"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "business_rank_idx" ON "business" USING btree ("rating","id","search_name","search_location") WHERE "business"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "business_category_rank_idx" ON "business" USING btree ("category","rating","id","search_name","search_location") WHERE "business"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "job_open_rank_idx" ON "job" USING btree ("posted_at","id","closes_at","employer_type","work_setting","search_location","search_text") WHERE "job"."is_open" and "job"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "job_search_trgm_idx" ON "job" USING gin ("search_text" gin_trgm_ops,"search_location" gin_trgm_ops) WHERE "job"."is_open" and "job"."hidden_at" is null;--> statement-breakpoint
ALTER TABLE "business" ADD CONSTRAINT "business_hidden_reason" CHECK (("business"."hidden_at" is null and "business"."hidden_reason" is null) or ("business"."hidden_at" is not null and "business"."hidden_reason" in ('spam', 'abuse', 'personal', 'off_topic', 'fraud', 'other')));--> statement-breakpoint
ALTER TABLE "business_question" ADD CONSTRAINT "business_question_hidden_reason" CHECK (("business_question"."hidden_at" is null and "business_question"."hidden_reason" is null) or ("business_question"."hidden_at" is not null and "business_question"."hidden_reason" in ('spam', 'abuse', 'personal', 'off_topic', 'fraud', 'other')));--> statement-breakpoint
ALTER TABLE "business_report" ADD CONSTRAINT "business_report_resolution" CHECK (("business_report"."resolved_at" is null) = ("business_report"."resolution" is null) and ("business_report"."resolution" is null or "business_report"."resolution" in ('hidden', 'dismissed')));--> statement-breakpoint
ALTER TABLE "directory_report" ADD CONSTRAINT "directory_report_resolution" CHECK (("directory_report"."resolved_at" is null) = ("directory_report"."resolution" is null) and ("directory_report"."resolution" is null or "directory_report"."resolution" in ('hidden', 'dismissed')));--> statement-breakpoint
ALTER TABLE "question_answer" ADD CONSTRAINT "question_answer_hidden_reason" CHECK (("question_answer"."hidden_at" is null and "question_answer"."hidden_reason" is null) or ("question_answer"."hidden_at" is not null and "question_answer"."hidden_reason" in ('spam', 'abuse', 'personal', 'off_topic', 'fraud', 'other')));--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_hidden_reason" CHECK (("review"."hidden_at" is null and "review"."hidden_reason" is null) or ("review"."hidden_at" is not null and "review"."hidden_reason" in ('spam', 'abuse', 'personal', 'off_topic', 'fraud', 'other')));--> statement-breakpoint
ALTER TABLE "job" ADD CONSTRAINT "job_hidden_reason" CHECK (("job"."hidden_at" is null and "job"."hidden_reason" is null) or ("job"."hidden_at" is not null and "job"."hidden_reason" in ('spam', 'abuse', 'personal', 'off_topic', 'fraud', 'other')));--> statement-breakpoint
ALTER TABLE "job_report" ADD CONSTRAINT "job_report_resolution" CHECK (("job_report"."resolved_at" is null) = ("job_report"."resolution" is null) and ("job_report"."resolution" is null or "job_report"."resolution" in ('hidden', 'dismissed')));
--> statement-breakpoint
-- A review moderators hid no longer counts in its business's rating and review count: the
-- aggregate triggers (0016) now count only shown reviews, so hiding or restoring one (an UPDATE of
-- hidden_at) moves the aggregate in the same transaction, like any other change.
CREATE OR REPLACE FUNCTION review_aggregate_apply() RETURNS trigger
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
          FROM new_rows WHERE hidden_at IS NULL GROUP BY business_id) AS moves;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(business_id), array_agg(reviews), array_agg(stars)
    INTO ids, review_changes, star_changes
    FROM (SELECT business_id, -count(*)::integer AS reviews, -sum(rating)::integer AS stars
          FROM old_rows WHERE hidden_at IS NULL GROUP BY business_id) AS moves;
  ELSE
    SELECT array_agg(business_id), array_agg(reviews), array_agg(stars)
    INTO ids, review_changes, star_changes
    FROM (SELECT business_id, sum(reviews)::integer AS reviews, sum(stars)::integer AS stars
          FROM (SELECT business_id, 1 AS reviews, rating AS stars FROM new_rows
                WHERE hidden_at IS NULL
                UNION ALL
                SELECT business_id, -1, -rating FROM old_rows WHERE hidden_at IS NULL) AS each_move
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
-- A posting moderators hid leaves the search's postings lists (0018) as a closed one does, and
-- comes back when restored.
CREATE OR REPLACE FUNCTION job_word_posting_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE job_word_posting;
    UPDATE job_word SET postings = 0;
    RETURN NULL;
  END IF;
  WITH removed AS (
    DELETE FROM job_word_posting AS posting
    USING job_word_postings_of(OLD.id, OLD.is_open AND OLD.hidden_at IS NULL, OLD.posted_at,
      OLD.closes_at, OLD.employer_type, OLD.work_setting, OLD.search_text,
      OLD.search_location) AS gone
    WHERE posting.field = gone.field AND posting.word = gone.word
      AND posting.posted_at = gone.posted_at AND posting.job_id = gone.job_id
    RETURNING posting.field, posting.word, -1 AS change
  ), added AS (
    INSERT INTO job_word_posting
    SELECT * FROM job_word_postings_of(NEW.id, NEW.is_open AND NEW.hidden_at IS NULL,
      NEW.posted_at, NEW.closes_at, NEW.employer_type, NEW.work_setting, NEW.search_text,
      NEW.search_location)
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
DROP TRIGGER job_word_posting_update ON job;
--> statement-breakpoint
CREATE TRIGGER job_word_posting_update AFTER UPDATE ON job
  FOR EACH ROW
  WHEN ((OLD.is_open, OLD.hidden_at IS NULL, OLD.posted_at, OLD.closes_at, OLD.employer_type,
      OLD.work_setting, OLD.search_text, OLD.search_location)
    IS DISTINCT FROM (NEW.is_open, NEW.hidden_at IS NULL, NEW.posted_at, NEW.closes_at,
      NEW.employer_type, NEW.work_setting, NEW.search_text, NEW.search_location))
  EXECUTE FUNCTION job_word_posting_apply();
