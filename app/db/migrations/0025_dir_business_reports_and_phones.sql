CREATE TABLE "business_report" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_report_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"reason" text NOT NULL,
	"details" text NOT NULL,
	"user_id" text,
	"reporter" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_report_one_per_reporter" UNIQUE("business_id","reporter"),
	CONSTRAINT "business_report_reason" CHECK ("business_report"."reason" in ('spam', 'offensive', 'personal', 'false', 'other'))
);
--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "business_report" ADD CONSTRAINT "business_report_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_report" ADD CONSTRAINT "business_report_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business" ADD CONSTRAINT "business_phone_e164" CHECK ("business"."phone" ~ '^\+[1-9][0-9]{7,14}$');