-- Finer statistics of the search columns: the planner's guess of how common a word is decides
-- between walking the list index and asking the trigram index.
ALTER TABLE "job" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "job" ALTER COLUMN "search_location" SET STATISTICS 1000;
