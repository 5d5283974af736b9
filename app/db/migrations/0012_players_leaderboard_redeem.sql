CREATE TABLE "player_balance_count" (
	"balance" integer PRIMARY KEY NOT NULL,
	"players" integer NOT NULL,
	CONSTRAINT "player_balance_count_players" CHECK ("player_balance_count"."players" >= 0)
);
--> statement-breakpoint
CREATE TABLE "redeem_goal" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redeem_goal_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"image" text NOT NULL,
	"cost" integer NOT NULL,
	CONSTRAINT "redeem_goal_slug_unique" UNIQUE("slug"),
	CONSTRAINT "redeem_goal_cost" CHECK ("redeem_goal"."cost" > 0)
);
--> statement-breakpoint
CREATE TABLE "redeem_request" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redeem_request_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"goal_id" integer NOT NULL,
	"cost" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redeem_request_idempotency" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "redeem_request_cost" CHECK ("redeem_request"."cost" > 0),
	CONSTRAINT "redeem_request_status" CHECK ("redeem_request"."status" in ('pending', 'approved', 'sent', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "redeem_request" ADD CONSTRAINT "redeem_request_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_request" ADD CONSTRAINT "redeem_request_goal_id_redeem_goal_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."redeem_goal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "redeem_request_user_idx" ON "redeem_request" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "player_type";--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_balance_not_negative" CHECK ("user"."points" >= "user"."uses_points");