CREATE TABLE "business_owner_invite" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_owner_invite_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"email" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_claim" DROP CONSTRAINT "business_claim_status";--> statement-breakpoint
ALTER TABLE "business_claim" DROP CONSTRAINT "business_claim_source";--> statement-breakpoint
ALTER TABLE "business_claim" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "business_claim" ADD COLUMN "code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_claim" ADD COLUMN "code_tries" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_claim" ADD COLUMN "document" text;--> statement-breakpoint
ALTER TABLE "business_claim" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "business_claim" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_claim" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "business_owner_invite" ADD CONSTRAINT "business_owner_invite_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_owner_invite" ADD CONSTRAINT "business_owner_invite_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_owner_invite" ADD CONSTRAINT "business_owner_invite_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_owner_invite_business_idx" ON "business_owner_invite" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "business_claim_one_code" ON "business_claim" USING btree ("business_id","requester_id") WHERE "business_claim"."status" = 'code_sent';--> statement-breakpoint
ALTER TABLE "business_claim" ADD CONSTRAINT "business_claim_code" CHECK (("business_claim"."source" = 'code') = ("business_claim"."code_hash" is not null and "business_claim"."code_expires_at" is not null));--> statement-breakpoint
ALTER TABLE "business_claim" ADD CONSTRAINT "business_claim_document" CHECK (("business_claim"."source" = 'document') = ("business_claim"."document" is not null));--> statement-breakpoint
ALTER TABLE "business_claim" ADD CONSTRAINT "business_claim_status" CHECK ("business_claim"."status" in ('open', 'code_sent', 'verified', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "business_claim" ADD CONSTRAINT "business_claim_source" CHECK ("business_claim"."source" in ('plan_request', 'code', 'document'));