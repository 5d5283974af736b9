CREATE TABLE "employer" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employer_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"logo" text,
	"website" text,
	"description" jsonb NOT NULL,
	"province" text NOT NULL,
	"contact_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	CONSTRAINT "employer_province" CHECK ("employer"."province" in ('AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'))
);
--> statement-breakpoint
CREATE TABLE "employer_member" (
	"employer_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"via" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employer_member_employer_id_user_id_pk" PRIMARY KEY("employer_id","user_id"),
	CONSTRAINT "employer_member_via" CHECK ("employer_member"."via" in ('founder', 'invite'))
);
--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "employer_id" integer;--> statement-breakpoint
ALTER TABLE "employer_member" ADD CONSTRAINT "employer_member_employer_id_employer_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_member" ADD CONSTRAINT "employer_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employer_member_user_idx" ON "employer_member" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "job" ADD CONSTRAINT "job_employer_id_employer_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_employer_idx" ON "job" USING btree ("employer_id","posted_at") WHERE "job"."employer_id" is not null;