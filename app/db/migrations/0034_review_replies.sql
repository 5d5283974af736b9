CREATE TABLE "review_reply" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_reply_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"review_id" integer NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_note" text,
	CONSTRAINT "review_reply_review" UNIQUE("review_id"),
	CONSTRAINT "review_reply_hidden_reason" CHECK (("review_reply"."hidden_at" is null and "review_reply"."hidden_reason" is null) or ("review_reply"."hidden_at" is not null and "review_reply"."hidden_reason" in ('spam', 'abuse', 'personal', 'off_topic', 'fraud', 'other')))
);
--> statement-breakpoint
ALTER TABLE "directory_report" DROP CONSTRAINT "directory_report_one_target";--> statement-breakpoint
ALTER TABLE "directory_report" ADD COLUMN "reply_id" integer;--> statement-breakpoint
ALTER TABLE "question_answer" ADD COLUMN "by_owner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "review_reply" ADD CONSTRAINT "review_reply_review_id_review_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."review"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reply" ADD CONSTRAINT "review_reply_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_reply_hidden_idx" ON "review_reply" USING btree ("hidden_at","id") WHERE "review_reply"."hidden_at" is not null;--> statement-breakpoint
ALTER TABLE "directory_report" ADD CONSTRAINT "directory_report_reply_id_review_reply_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."review_reply"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_report_open_reply_idx" ON "directory_report" USING btree ("reply_id","created_at") WHERE "directory_report"."resolved_at" is null and "directory_report"."reply_id" is not null;--> statement-breakpoint
ALTER TABLE "directory_report" ADD CONSTRAINT "directory_report_reply" UNIQUE("reply_id","user_id");--> statement-breakpoint
ALTER TABLE "directory_report" ADD CONSTRAINT "directory_report_one_target" CHECK (num_nonnulls("directory_report"."review_id", "directory_report"."question_id", "directory_report"."answer_id", "directory_report"."reply_id") = 1);