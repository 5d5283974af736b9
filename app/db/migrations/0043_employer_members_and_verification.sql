CREATE TABLE "employer_invite" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employer_invite_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"employer_id" integer NOT NULL,
	"email" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employer" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employer" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "employer_invite" ADD CONSTRAINT "employer_invite_employer_id_employer_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_invite" ADD CONSTRAINT "employer_invite_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_invite" ADD CONSTRAINT "employer_invite_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employer_invite_employer_idx" ON "employer_invite" USING btree ("employer_id");--> statement-breakpoint
CREATE INDEX "employer_waiting_idx" ON "employer" USING btree ("created_at") WHERE "employer"."verified_at" is null and "employer"."rejected_at" is null;--> statement-breakpoint
ALTER TABLE "employer" ADD CONSTRAINT "employer_decision" CHECK ("employer"."verified_at" is null or "employer"."rejected_at" is null);