-- The leaderboard's order: balance, highest first, then handle. INCLUDE makes points and
-- uses_points readable from the index itself, so counting a tie and skipping into it are
-- index-only scans (PostgreSQL reads an expression's columns from the table otherwise).
CREATE INDEX "user_balance_rank_idx" ON "user" USING btree (("points" - "uses_points") DESC, "handle")
  INCLUDE ("points", "uses_points");
--> statement-breakpoint
-- Keeps player_balance_count equal to count(*) per balance (points - uses_points) of "user", in the
-- same transaction as the change: one statement-level trigger per event, so a bulk insert moves
-- each balance once. Balances move in ascending order, so two transactions moving players across
-- the same balances in opposite directions wait for each other instead of deadlocking. A balance
-- only ever loses players it counted, so a decrease is a plain UPDATE; rows at 0 stay.
CREATE FUNCTION player_balance_count_move(moved_balance integer, change bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF change > 0 THEN
    INSERT INTO player_balance_count AS counted (balance, players)
    VALUES (moved_balance, change)
    ON CONFLICT (balance) DO UPDATE SET players = counted.players + excluded.players;
  ELSE
    UPDATE player_balance_count SET players = players + change WHERE balance = moved_balance;
  END IF;
END;
$$;
--> statement-breakpoint
-- Each branch names only the transition tables its event has (a DELETE trigger has no new_rows).
CREATE FUNCTION player_balance_count_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  move record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE player_balance_count SET players = 0;
  ELSIF TG_OP = 'INSERT' THEN
    FOR move IN
      SELECT points - uses_points AS balance, count(*) AS change FROM new_rows GROUP BY 1 ORDER BY 1
    LOOP
      PERFORM player_balance_count_move(move.balance, move.change);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR move IN
      SELECT points - uses_points AS balance, -count(*) AS change FROM old_rows GROUP BY 1 ORDER BY 1
    LOOP
      PERFORM player_balance_count_move(move.balance, move.change);
    END LOOP;
  ELSE
    FOR move IN
      SELECT balance, sum(change) AS change FROM (
        SELECT points - uses_points AS balance, 1 AS change FROM new_rows
        UNION ALL
        SELECT points - uses_points, -1 FROM old_rows
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
CREATE TRIGGER player_balance_count_insert AFTER INSERT ON "user"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION player_balance_count_apply();
--> statement-breakpoint
CREATE TRIGGER player_balance_count_update AFTER UPDATE ON "user"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION player_balance_count_apply();
--> statement-breakpoint
CREATE TRIGGER player_balance_count_delete AFTER DELETE ON "user"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION player_balance_count_apply();
--> statement-breakpoint
CREATE TRIGGER player_balance_count_truncate AFTER TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION player_balance_count_apply();
--> statement-breakpoint
-- The players already there, counted once; the triggers keep it from here on.
INSERT INTO player_balance_count (balance, players)
SELECT points - uses_points, count(*) FROM "user" GROUP BY 1;
