CREATE TABLE "business_hours" (
	"business_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"position" smallint NOT NULL,
	"opens" time NOT NULL,
	"closes" time NOT NULL,
	CONSTRAINT "business_hours_business_id_weekday_position_pk" PRIMARY KEY("business_id","weekday","position"),
	CONSTRAINT "business_hours_weekday" CHECK ("business_hours"."weekday" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "business_special_day" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"ranges" jsonb NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	CONSTRAINT "business_special_day_business_id_day_pk" PRIMARY KEY("business_id","day")
);
--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "business_hours" ADD CONSTRAINT "business_hours_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_special_day" ADD CONSTRAINT "business_special_day_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;