import { sql } from "drizzle-orm";

/**
 * How long a session lasts, and how often its end moves forward while it is used (seconds): given
 * to Better Auth (auth/auth.server.ts), and the rule of `LIVE_SESSION` below.
 */
export const SESSION_LIFETIME = { expiresIn: 30 * 24 * 60 * 60, updateAge: 24 * 60 * 60 };

/**
 * The player of the session whose token fills the placeholder `sessionToken` (`id`, and their
 * `quizTimer` setting), when that session is one `getViewer` (auth/session.server.ts) answers
 * from its own row: not yet due for Better Auth's daily extension, or a staff member's not yet
 * ended (their end never moves). No row otherwise. A statement that acts for the request's player
 * reads it where the player's id would go, and so reads the session in the same round trip (the
 * quiz's answer and moving on, decision 0068); when it finds nothing, the caller asks
 * `getViewer`, which extends, deletes or refuses the session as always. Sign-out and bans delete
 * the session, so this is no cache: it reads the session each time.
 */
export const LIVE_SESSION = sql`(
  select lu.id, lu.quiz_timer as "quizTimer" from session ls join "user" lu on lu.id = ls.user_id
  where ls.token = ${sql.placeholder("sessionToken")}
    and (ls.expires_at > now() + ${sql.raw(`interval '${SESSION_LIFETIME.expiresIn - SESSION_LIFETIME.updateAge} seconds'`)}
      or (lu.role <> 'player' and ls.expires_at > now())))`;
