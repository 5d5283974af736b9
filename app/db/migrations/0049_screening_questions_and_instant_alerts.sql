CREATE TABLE "job_alert_sent" (
	"alert_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_alert_sent_alert_id_job_id_pk" PRIMARY KEY("alert_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "job_application_answer" (
	"application_id" integer NOT NULL,
	"position" integer NOT NULL,
	"question" jsonb NOT NULL,
	"answer" text NOT NULL,
	CONSTRAINT "job_application_answer_application_id_position_pk" PRIMARY KEY("application_id","position")
);
--> statement-breakpoint
-- Existing alerts stay daily (the default).
ALTER TABLE "job_alert" ADD COLUMN "frequency" text DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_text" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "job_alert_sent" ADD CONSTRAINT "job_alert_sent_alert_id_job_alert_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."job_alert"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_sent" ADD CONSTRAINT "job_alert_sent_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_application_answer" ADD CONSTRAINT "job_application_answer_application_id_job_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_alert_instant_idx" ON "job_alert" USING btree ("id") WHERE "job_alert"."frequency" = 'instant' and "job_alert"."confirmed_at" is not null;--> statement-breakpoint
ALTER TABLE "job_alert" ADD CONSTRAINT "job_alert_frequency" CHECK ("job_alert"."frequency" in ('daily', 'instant'));