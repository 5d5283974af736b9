CREATE TABLE "directory_report" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "directory_report_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"review_id" integer,
	"question_id" integer,
	"answer_id" integer,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"details" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directory_report_review" UNIQUE("review_id","user_id"),
	CONSTRAINT "directory_report_question" UNIQUE("question_id","user_id"),
	CONSTRAINT "directory_report_answer" UNIQUE("answer_id","user_id"),
	CONSTRAINT "directory_report_one_target" CHECK (num_nonnulls("directory_report"."review_id", "directory_report"."question_id", "directory_report"."answer_id") = 1),
	CONSTRAINT "directory_report_reason" CHECK ("directory_report"."reason" in ('spam', 'offensive', 'personal', 'false', 'other'))
);
--> statement-breakpoint
CREATE TABLE "question_answer" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_answer_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"body" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_business" (
	"user_id" text NOT NULL,
	"business_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_business_user_id_business_id_pk" PRIMARY KEY("user_id","business_id")
);
--> statement-breakpoint
ALTER TABLE "job_rate_limit" RENAME TO "attempt_window";--> statement-breakpoint
DROP INDEX "business_question_business_idx";--> statement-breakpoint
DROP INDEX "review_business_idx";--> statement-breakpoint
ALTER TABLE "business" ALTER COLUMN "rating" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "business_question" ALTER COLUMN "asked_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "review" ALTER COLUMN "author_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_question" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "review" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "review" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "directory_report" ADD CONSTRAINT "directory_report_review_id_review_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."review"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_report" ADD CONSTRAINT "directory_report_question_id_business_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."business_question"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_report" ADD CONSTRAINT "directory_report_answer_id_question_answer_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."question_answer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_report" ADD CONSTRAINT "directory_report_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answer" ADD CONSTRAINT "question_answer_question_id_business_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."business_question"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answer" ADD CONSTRAINT "question_answer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_business" ADD CONSTRAINT "saved_business_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_business" ADD CONSTRAINT "saved_business_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_answer_question_idx" ON "question_answer" USING btree ("question_id","created_at","id");--> statement-breakpoint
CREATE INDEX "saved_business_user_idx" ON "saved_business" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "business_question" ADD CONSTRAINT "business_question_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_business_rating_idx" ON "review" USING btree ("business_id","rating","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "business_question_business_idx" ON "business_question" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "review_business_idx" ON "review" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_business_user" UNIQUE("business_id","user_id");--> statement-breakpoint
ALTER TABLE "business_question" ADD CONSTRAINT "business_question_author" CHECK ("business_question"."user_id" is not null or "business_question"."asked_by" is not null);--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_author" CHECK ("review"."user_id" is not null or "review"."author_name" is not null);