CREATE TABLE "points_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"change" integer NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ledger_source_unique" UNIQUE("source")
);
--> statement-breakpoint
CREATE TABLE "quiz_answer" (
	"session_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"choice" smallint,
	"correct" boolean NOT NULL,
	"timed_out" boolean NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_answer_session_id_position_pk" PRIMARY KEY("session_id","position"),
	CONSTRAINT "quiz_answer_position_range" CHECK ("quiz_answer"."position" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "quiz_feedback" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_feedback_length" CHECK (char_length("quiz_feedback"."text") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "quiz_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"category" text NOT NULL,
	"set_number" smallint NOT NULL,
	"locale" text NOT NULL,
	"question_ids" integer[] NOT NULL,
	"option_orders" jsonb NOT NULL,
	"timer" smallint NOT NULL,
	"current" smallint DEFAULT 1 NOT NULL,
	"shown_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"score" smallint,
	"correct" smallint,
	CONSTRAINT "quiz_session_set_range" CHECK ("quiz_session"."set_number" between 1 and 20),
	CONSTRAINT "quiz_session_current_range" CHECK ("quiz_session"."current" between 1 and 5),
	CONSTRAINT "quiz_session_timer" CHECK ("quiz_session"."timer" in (0, 30, 60))
);
--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answer" ADD CONSTRAINT "quiz_answer_session_id_quiz_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."quiz_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_feedback" ADD CONSTRAINT "quiz_feedback_session_id_quiz_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."quiz_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_session" ADD CONSTRAINT "quiz_session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_ledger_user_idx" ON "points_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_session_one_unfinished" ON "quiz_session" USING btree ("user_id") WHERE "quiz_session"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "quiz_session_user_idx" ON "quiz_session" USING btree ("user_id");--> statement-breakpoint
-- From here on every change of points is a ledger row; points held before the ledger are one opening row each.
INSERT INTO "points_ledger" ("user_id", "change", "reason", "source")
  SELECT "id", "points" - "uses_points", 'opening_balance', 'opening_balance:' || "id" FROM "user" WHERE "points" <> "uses_points";
