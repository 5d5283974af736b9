ALTER TABLE "outbox_email" ADD COLUMN "message_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_email" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_email" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_email" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_email" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_email" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbox_email" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_email_due_idx" ON "outbox_email" USING btree ("next_attempt_at","id") WHERE "outbox_email"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "outbox_email" ADD CONSTRAINT "outbox_email_status" CHECK ("outbox_email"."status" in ('pending', 'sent', 'failed'));--> statement-breakpoint
-- Rows from before the queue were the development outbox: already printed to the log, never to be sent.
UPDATE "outbox_email" SET "status" = 'sent', "sent_at" = "created_at";
