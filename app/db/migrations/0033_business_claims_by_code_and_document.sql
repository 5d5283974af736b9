ALTER TABLE "business_claim" DROP CONSTRAINT "business_claim_status";--> statement-breakpoint
ALTER TABLE "business_claim" DROP CONSTRAINT "business_claim_source";--> statement-breakpoint
ALTER TABLE "business_claim" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "business_claim" ADD COLUMN "code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_claim" ADD COLUMN "code_tries" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_claim" ADD COLUMN "document" text;--> statement-breakpoint
ALTER TABLE "business_claim" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "business_claim" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_claim" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "business_claim_one_code" ON "business_claim" USING btree ("business_id","requester_id") WHERE "business_claim"."status" = 'code_sent';--> statement-breakpoint
ALTER TABLE "business_claim" ADD CONSTRAINT "business_claim_code" CHECK (("business_claim"."source" = 'code') = ("business_claim"."code_hash" is not null and "business_claim"."code_expires_at" is not null));--> statement-breakpoint
ALTER TABLE "business_claim" ADD CONSTRAINT "business_claim_document" CHECK (("business_claim"."source" = 'document') = ("business_claim"."document" is not null));--> statement-breakpoint
ALTER TABLE "business_claim" ADD CONSTRAINT "business_claim_status" CHECK ("business_claim"."status" in ('open', 'code_sent', 'verified', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "business_claim" ADD CONSTRAINT "business_claim_source" CHECK ("business_claim"."source" in ('plan_request', 'code', 'document'));