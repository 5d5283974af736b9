CREATE TABLE "job_word" (
	"field" text NOT NULL,
	"word" text NOT NULL,
	"postings" integer NOT NULL,
	CONSTRAINT "job_word_field_word_pk" PRIMARY KEY("field","word")
);
--> statement-breakpoint
CREATE TABLE "job_word_posting" (
	"field" text NOT NULL,
	"word" text NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"job_id" integer NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"employer_type" text NOT NULL,
	"work_setting" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_word_trgm_idx" ON "job_word" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_word_posting_list_idx" ON "job_word_posting" USING btree ("field","word","posted_at","job_id","closes_at","employer_type","work_setting");