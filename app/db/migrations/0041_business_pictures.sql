CREATE TABLE "business_picture" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_picture_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"file" text NOT NULL,
	"alt" jsonb NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_picture_position" UNIQUE("business_id","position")
);
--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "cover_alt" jsonb;--> statement-breakpoint
ALTER TABLE "business_picture" ADD CONSTRAINT "business_picture_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_picture_file_idx" ON "business_picture" USING btree ("file");--> statement-breakpoint
CREATE INDEX "business_uploaded_image_idx" ON "business" USING btree ("image") WHERE "business"."image" like '/uploads/%';--> statement-breakpoint
CREATE INDEX "business_uploaded_cover_idx" ON "business" USING btree ("cover_image") WHERE "business"."cover_image" like '/uploads/%';