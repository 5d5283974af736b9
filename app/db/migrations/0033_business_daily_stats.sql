CREATE TABLE "business_daily_stat" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"saves" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"website_clicks" integer DEFAULT 0 NOT NULL,
	"phone_clicks" integer DEFAULT 0 NOT NULL,
	"directions_clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "business_daily_stat_business_id_day_pk" PRIMARY KEY("business_id","day")
);
--> statement-breakpoint
ALTER TABLE "business_daily_stat" ADD CONSTRAINT "business_daily_stat_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_daily_stat_day_idx" ON "business_daily_stat" USING btree ("day");