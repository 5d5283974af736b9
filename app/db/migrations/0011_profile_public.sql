ALTER TABLE "user" ADD COLUMN "profile_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Players who gave an age of 14 or more keep the public profile everyone had until now.
UPDATE "user" SET "profile_public" = true WHERE "age" >= 14;
