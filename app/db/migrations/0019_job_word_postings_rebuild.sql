-- Lists and counts every open posting's words again, from job alone (decision 0026). For bulk
-- loads that write job with its job_word_posting triggers disabled (app/jobs/scale.server.ts):
-- one sorted insert in the index's order costs seconds where a trigger per row costs minutes.
CREATE FUNCTION job_word_postings_rebuild() RETURNS void
LANGUAGE sql AS $$
  TRUNCATE job_word_posting, job_word;
  INSERT INTO job_word_posting
  SELECT postings.* FROM job,
    job_word_postings_of(job.id, job.is_open, job.posted_at, job.closes_at, job.employer_type,
      job.work_setting, job.search_text, job.search_location) AS postings
  ORDER BY postings.field, postings.word, postings.posted_at, postings.job_id;
  INSERT INTO job_word (field, word, postings)
  SELECT field, word, count(*) FROM job_word_posting GROUP BY field, word ORDER BY field, word;
$$;
