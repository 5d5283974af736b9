CREATE TABLE "business_claim" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_claim_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"requester_id" text,
	"contact_email" text,
	"status" text DEFAULT 'open' NOT NULL,
	"source" text NOT NULL,
	"source_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_claim_status" CHECK ("business_claim"."status" in ('open')),
	CONSTRAINT "business_claim_source" CHECK ("business_claim"."source" in ('plan_request')),
	CONSTRAINT "business_claim_requester" CHECK ("business_claim"."requester_id" is not null or "business_claim"."contact_email" is not null)
);
--> statement-breakpoint
CREATE TABLE "plan_request_note" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_request_note_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "redeem_request" DROP CONSTRAINT "redeem_request_status";--> statement-breakpoint
ALTER TABLE "plan_request" DROP CONSTRAINT "plan_request_status";--> statement-breakpoint
ALTER TABLE "redeem_request" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "redeem_request" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "plan_request" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "plan_request" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "redeem_request" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "redeem_request" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
-- Redeem requests: 'approved' still waited for the reward to go out, so it is pending again;
-- 'sent' is 'fulfilled' (decided when it was last changed). Nothing moved them before the console.
UPDATE "redeem_request" SET "status" = 'pending' WHERE "status" = 'approved';--> statement-breakpoint
UPDATE "redeem_request" SET "status" = 'fulfilled', "decided_at" = "updated_at" WHERE "status" = 'sent';--> statement-breakpoint
UPDATE "redeem_request" SET "decided_at" = "updated_at" WHERE "status" = 'declined';--> statement-breakpoint
-- Plan requests: 'closed' said nothing of the outcome and opened no claim, so it reads as 'lost'.
UPDATE "plan_request" SET "status" = 'lost' WHERE "status" = 'closed';--> statement-breakpoint
ALTER TABLE "plan_request" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "plan_request" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "business_claim" ADD CONSTRAINT "business_claim_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_claim" ADD CONSTRAINT "business_claim_requester_id_user_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_request_note" ADD CONSTRAINT "plan_request_note_request_id_plan_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."plan_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_request_note" ADD CONSTRAINT "plan_request_note_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_claim_one_open" ON "business_claim" USING btree ("business_id",coalesce("requester_id", lower("contact_email"))) WHERE "business_claim"."status" = 'open';--> statement-breakpoint
CREATE INDEX "business_claim_open_idx" ON "business_claim" USING btree ("created_at","id") WHERE "business_claim"."status" = 'open';--> statement-breakpoint
CREATE INDEX "plan_request_note_request_idx" ON "plan_request_note" USING btree ("request_id","created_at");--> statement-breakpoint
ALTER TABLE "plan_request" ADD CONSTRAINT "plan_request_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "redeem_request_pending_idx" ON "redeem_request" USING btree ("created_at","id") WHERE "redeem_request"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "plan_request_open_idx" ON "plan_request" USING btree ("created_at","id") WHERE "plan_request"."status" in ('new', 'contacted');--> statement-breakpoint
ALTER TABLE "redeem_request" ADD CONSTRAINT "redeem_request_status" CHECK ("redeem_request"."status" in ('pending', 'fulfilled', 'declined'));--> statement-breakpoint
ALTER TABLE "plan_request" ADD CONSTRAINT "plan_request_status" CHECK ("plan_request"."status" in ('new', 'contacted', 'won', 'lost'));