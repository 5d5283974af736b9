CREATE TABLE "guardian_consent" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guardian_consent_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"child_id" text NOT NULL,
	"parent_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"parent_id" text,
	"text_version" integer,
	"consented_at" timestamp with time zone,
	"consent_ip" text,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "guardian_consent_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "guardian_consent_recorded" CHECK (("guardian_consent"."parent_id" is null) = ("guardian_consent"."consented_at" is null) and ("guardian_consent"."parent_id" is null) = ("guardian_consent"."text_version" is null)),
	CONSTRAINT "guardian_consent_not_self" CHECK ("guardian_consent"."parent_id" <> "guardian_consent"."child_id")
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "consent_status" text DEFAULT 'not_needed' NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "consent_due_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guardian_consent" ADD CONSTRAINT "guardian_consent_child_id_user_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_consent" ADD CONSTRAINT "guardian_consent_parent_id_user_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardian_consent_child_idx" ON "guardian_consent" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "guardian_consent_parent_idx" ON "guardian_consent" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "user_consent_due_idx" ON "user" USING btree ("consent_due_by") WHERE "user"."consent_due_by" is not null;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_consent_status" CHECK ("user"."consent_status" in ('not_needed', 'needs_parent', 'pending', 'given'));--> statement-breakpoint
-- The leaderboard lists only players others may see (decision 0064): a child waiting for a
-- parent's consent is on no page and in no count. The index holds the same condition as the board's
-- queries, so its scans stay index-only.
DROP INDEX "user_balance_rank_idx";
--> statement-breakpoint
CREATE INDEX "user_balance_rank_idx" ON "user" USING btree (("points" - "uses_points") DESC, "handle")
  INCLUDE ("points", "uses_points") WHERE "consent_status" in ('not_needed', 'given');
--> statement-breakpoint
-- As in 0013, counting only listed players: a change of consent_status moves the player on or off
-- the board like a change of balance.
CREATE OR REPLACE FUNCTION player_balance_count_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  move record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE player_balance_count SET players = 0;
  ELSIF TG_OP = 'INSERT' THEN
    FOR move IN
      SELECT points - uses_points AS balance, count(*) AS change FROM new_rows
      WHERE consent_status in ('not_needed', 'given') GROUP BY 1 ORDER BY 1
    LOOP
      PERFORM player_balance_count_move(move.balance, move.change);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR move IN
      SELECT points - uses_points AS balance, -count(*) AS change FROM old_rows
      WHERE consent_status in ('not_needed', 'given') GROUP BY 1 ORDER BY 1
    LOOP
      PERFORM player_balance_count_move(move.balance, move.change);
    END LOOP;
  ELSE
    FOR move IN
      SELECT balance, sum(change) AS change FROM (
        SELECT points - uses_points AS balance, 1 AS change FROM new_rows
        WHERE consent_status in ('not_needed', 'given')
        UNION ALL
        SELECT points - uses_points, -1 FROM old_rows
        WHERE consent_status in ('not_needed', 'given')
      ) AS moves
      GROUP BY balance HAVING sum(change) <> 0 ORDER BY balance
    LOOP
      PERFORM player_balance_count_move(move.balance, move.change);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Children already here wait too: asked for a parent's address at their next sign-in (the trigger
-- takes them off the board's counts).
UPDATE "user" SET "consent_status" = 'needs_parent' WHERE "age" < 14;
