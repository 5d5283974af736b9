ALTER TABLE "job" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
-- Postings there before statuses (the seed's): published while open, closed otherwise.
UPDATE "job" SET "status" = 'closed' WHERE NOT "is_open";--> statement-breakpoint
CREATE INDEX "job_published_closes_idx" ON "job" USING btree ("closes_at") WHERE "job"."status" = 'published';--> statement-breakpoint
ALTER TABLE "job" ADD CONSTRAINT "job_status" CHECK ("job"."status" in ('draft', 'held', 'published', 'closed'));--> statement-breakpoint
ALTER TABLE "job" ADD CONSTRAINT "job_open_status" CHECK ("job"."is_open" = ("job"."status" = 'published'));--> statement-breakpoint
CREATE INDEX "job_held_idx" ON "job" USING btree ("updated_at","id") WHERE "job"."status" = 'held';