CREATE TABLE "sign_in_failure" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "job_report_job_idx";--> statement-breakpoint
ALTER TABLE "job_report" ADD COLUMN "reporter" text;--> statement-breakpoint
-- Earlier reports did not record who sent them (a player may have sent several): each stays, as its own.
UPDATE "job_report" SET "reporter" = 'legacy:' || "id";--> statement-breakpoint
ALTER TABLE "job_report" ALTER COLUMN "reporter" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "job_report" ADD CONSTRAINT "job_report_one_per_reporter" UNIQUE("job_id","reporter");