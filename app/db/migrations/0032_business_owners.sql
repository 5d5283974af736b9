CREATE TABLE "business_owner" (
	"business_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"via" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_owner_business_id_user_id_pk" PRIMARY KEY("business_id","user_id"),
	CONSTRAINT "business_owner_via" CHECK ("business_owner"."via" in ('code', 'staff', 'invite'))
);
--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "business_owner" ADD CONSTRAINT "business_owner_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_owner" ADD CONSTRAINT "business_owner_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_owner_user_idx" ON "business_owner" USING btree ("user_id");