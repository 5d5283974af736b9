ALTER TABLE "blog_post" ADD COLUMN "event_starts_on" date;--> statement-breakpoint
ALTER TABLE "blog_post" ADD COLUMN "event_ends_on" date;--> statement-breakpoint
CREATE INDEX "blog_post_event_starts_idx" ON "blog_post" USING btree ("event_starts_on","id");--> statement-breakpoint
CREATE INDEX "blog_post_event_ends_idx" ON "blog_post" USING btree ("event_ends_on","id");--> statement-breakpoint
ALTER TABLE "blog_post" ADD CONSTRAINT "blog_post_event_days" CHECK (("blog_post"."event_starts_on" is null and "blog_post"."event_ends_on" is null) or ("blog_post"."event_starts_on" is not null and "blog_post"."event_ends_on" is not null and "blog_post"."event_ends_on" >= "blog_post"."event_starts_on"));