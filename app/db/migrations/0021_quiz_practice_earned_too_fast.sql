ALTER TABLE "quiz_answer" ADD COLUMN "too_fast" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_session" ADD COLUMN "practice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_session" ADD COLUMN "earned" smallint;--> statement-breakpoint
ALTER TABLE "quiz_session" ADD COLUMN "too_fast_answers" smallint;--> statement-breakpoint
-- Sets finished before: what they earned is their score, as the results now show it (never below 0).
UPDATE "quiz_session" SET "earned" = greatest("score", 0), "too_fast_answers" = 0 WHERE "finished_at" IS NOT NULL;
