CREATE TABLE "job" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"title" jsonb NOT NULL,
	"company" text NOT NULL,
	"company_logo" text NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"postal_code" text NOT NULL,
	"work_setting" text NOT NULL,
	"employer_type" text NOT NULL,
	"employment_type" text NOT NULL,
	"pay_min_cents" integer NOT NULL,
	"pay_max_cents" integer NOT NULL,
	"pay_period" text NOT NULL,
	"ai_screening" boolean,
	"existing_vacancy" boolean,
	"contact_email" text NOT NULL,
	"contact_locale" text NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"search_text" text NOT NULL,
	"search_location" text NOT NULL,
	CONSTRAINT "job_reference_unique" UNIQUE("reference"),
	CONSTRAINT "job_pay_range" CHECK ("job"."pay_min_cents" > 0 and "job"."pay_max_cents" >= "job"."pay_min_cents"),
	CONSTRAINT "job_pay_period" CHECK ("job"."pay_period" in ('hour', 'year')),
	CONSTRAINT "job_work_setting" CHECK ("job"."work_setting" in ('onsite', 'remote', 'hybrid')),
	CONSTRAINT "job_employer_type" CHECK ("job"."employer_type" in ('direct', 'recruiter', 'other')),
	CONSTRAINT "job_ontario_statements" CHECK ("job"."province" <> 'ON' or "job"."posted_at" < '2026-01-01T05:00:00Z' or ("job"."ai_screening" is not null and "job"."existing_vacancy" is not null))
);
--> statement-breakpoint
CREATE TABLE "job_alert" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_alert_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"filters" jsonb NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "job_alert_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "job_application" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_application_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"contact_no" text NOT NULL,
	"summary" text NOT NULL,
	"cv_name" text NOT NULL,
	"cv_filename" text NOT NULL,
	"cv_bytes" integer NOT NULL,
	"locale" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_application_once" UNIQUE("job_id","email_key")
);
--> statement-breakpoint
CREATE TABLE "job_rate_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_report" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_report_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"reason" text NOT NULL,
	"details" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_report_reason" CHECK ("job_report"."reason" in ('scam', 'discrimination', 'inaccurate', 'closed', 'other'))
);
--> statement-breakpoint
CREATE TABLE "job_text" (
	"job_id" integer PRIMARY KEY NOT NULL,
	"overview" jsonb NOT NULL,
	"skills" jsonb NOT NULL,
	"description" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_job" (
	"user_id" text NOT NULL,
	"job_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_job_user_id_job_id_pk" PRIMARY KEY("user_id","job_id")
);
--> statement-breakpoint
ALTER TABLE "job_application" ADD CONSTRAINT "job_application_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_application" ADD CONSTRAINT "job_application_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_report" ADD CONSTRAINT "job_report_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_report" ADD CONSTRAINT "job_report_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_text" ADD CONSTRAINT "job_text_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_job" ADD CONSTRAINT "saved_job_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_job" ADD CONSTRAINT "saved_job_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_open_rank_idx" ON "job" USING btree ("posted_at","id","closes_at","employer_type","work_setting","search_location","search_text") WHERE "job"."is_open";--> statement-breakpoint
CREATE INDEX "job_search_trgm_idx" ON "job" USING gin ("search_text" gin_trgm_ops,"search_location" gin_trgm_ops) WHERE "job"."is_open";--> statement-breakpoint
CREATE INDEX "job_alert_email_idx" ON "job_alert" USING btree ("email");--> statement-breakpoint
CREATE INDEX "job_report_job_idx" ON "job_report" USING btree ("job_id");