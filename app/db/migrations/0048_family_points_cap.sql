ALTER TABLE "user" ADD COLUMN "family_points_cap" smallint;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_family_points_cap" CHECK ("user"."family_points_cap" > 0);