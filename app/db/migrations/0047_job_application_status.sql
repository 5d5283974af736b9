ALTER TABLE "job_application" ADD COLUMN "status" text DEFAULT 'received' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_application" ADD COLUMN "interview_at" timestamp with time zone[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_application" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_application" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "job_application_undecided_idx" ON "job_application" USING btree ("id") WHERE "job_application"."status" = 'interviewing' and "job_application"."reminder_sent_at" is null;--> statement-breakpoint
CREATE INDEX "job_application_email_idx" ON "job_application" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "job_application_user_idx" ON "job_application" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "job_application" ADD CONSTRAINT "job_application_status" CHECK ("job_application"."status" in ('received', 'under_review', 'interviewing', 'offer', 'hired', 'not_selected', 'withdrawn'));