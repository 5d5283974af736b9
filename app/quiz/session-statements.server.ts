import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { LIVE_SESSION } from "../db/live-session.server.ts";
import { sqlStatement, statementCache } from "../db/statements.server.ts";
import { QUESTIONS_PER_SET, SETS_PER_CATEGORY } from "./categories.ts";
import { GRACE_MS, MIN_ANSWER_MS } from "./rules.ts";

/**
 * The statements of a quiz session's hot path, each written once, turned into text once and run as
 * a named statement with one generic plan (`statementCache`): every call of a player is one round
 * trip to PostgreSQL besides the session lookup, and no SQL is built per call. Where a call reads
 * and writes (answering, moving on), one statement does both: its CTEs read the session and write
 * under the conditions of the rules (rules.ts), on the database's clock.
 */

const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/** A stored answer as `StoredAnswer` reads it, from a row of quiz_answer named `a`. */
const ANSWER_FIELDS = sql`a.position, a.choice, a.correct, a.timed_out as "timedOut",
  a.too_fast as "tooFast", ${epochMs("a.answered_at")} as "answeredAt"`;

/**
 * The session `s` with its current question `q` and its answers, named as `Session` reads them:
 * what every statement of a session returns.
 */
const SESSION_COLUMNS = sql`s.id, s.category, s.set_number as "setNumber", s.locale,
  s.question_ids as "questionIds", s.option_orders as "optionOrders", s.timer, s.current,
  s.finished_at is not null as finished, s.practice, ${epochMs("s.shown_at")} as "shownAt",
  q.text, q.options, q.answer_index as "answerIndex", q.explanation, ${epochMs("now()")} as now,
  coalesce((
    select json_agg(json_build_object('position', a.position, 'choice', a.choice,
        'correct', a.correct, 'timedOut', a.timed_out, 'tooFast', a.too_fast,
        'answeredAt', ${epochMs("a.answered_at")}) order by a.position)
    from quiz_answer a where a.session_id = s.id
  ), '[]'::json) as answers`;

const CURRENT_QUESTION = sql`quiz_question q on q.id = s.question_ids[s.current]`;

/** rules.ts `isLate` of the current question now: past its timer and the grace (never untimed). */
const LATE = sql.raw(
  `(s.timer <> 0 and now() > s.shown_at + s.timer * interval '1 second' + interval '${GRACE_MS} milliseconds')`,
);
/** rules.ts `isTooFast` of an answer now. */
const TOO_FAST = sql.raw(`(now() - s.shown_at < interval '${MIN_ANSWER_MS} milliseconds')`);

const me = sql.placeholder("me");
const sessionId = sql.placeholder("sessionId");
/** A session of the player's (`player`: their id, or their live session's): by id. */
const byId = (player: SQL | Placeholder) =>
  sql`s.id = ${sessionId}::uuid and s.user_id = ${player}`;
const BY_ID = byId(me);
const UNFINISHED = sql`s.user_id = ${me} and s.finished_at is null`;

export type SessionRow = Record<string, unknown>;

const statements = statementCache<{ rows: SessionRow[] }>("quiz_session");
type Statement = ReturnType<typeof sqlStatement<SessionRow>>;

/** A statement below, named by `key` (one key per statement: the first one given is kept). */
function run(db: Db | Tx, key: string, statement: Statement, values: Record<string, unknown>) {
  return statements(db, key, statement, { samePlanForAnyValues: true }).execute(values);
}

const READ = {
  byId: sqlStatement<SessionRow>(
    sql`select ${SESSION_COLUMNS} from quiz_session s join ${CURRENT_QUESTION} where ${BY_ID}`,
  ),
  unfinished: sqlStatement<SessionRow>(
    sql`select ${SESSION_COLUMNS} from quiz_session s join ${CURRENT_QUESTION} where ${UNFINISHED}`,
  ),
};

/** The player's session (by id, or their unfinished one) as it stands; undefined when none. */
export async function readSessionRow(
  db: Db | Tx,
  values: { me: string; sessionId?: string },
): Promise<SessionRow | undefined> {
  const key = values.sessionId === undefined ? "unfinished" : "byId";
  return (await run(db, `read ${key}`, READ[key], values)).rows[0];
}

/**
 * The answer `choice` (the place shown, null for the player's own time-out) to the question at
 * `position`, recorded only when that is the session's current question, the session is not
 * finished and the question has no answer yet (the primary key keeps the first of concurrent
 * ones); scored as rules.ts scores it: a time-out past the deadline, too fast under
 * MIN_ANSWER_MS, right when the option shown there is the answer. The session as read, with
 * `inserted`, the recorded answer, or null when nothing was recorded.
 */
const answerStatement = (player: SQL | Placeholder) =>
  sqlStatement<SessionRow>(sql`
  with s as (
    select ${SESSION_COLUMNS}, ${LATE} or ${sql.placeholder("choice")}::int is null as "timedOut",
      ${TOO_FAST} as "tooFast"
    from quiz_session s join ${CURRENT_QUESTION} where ${byId(player)}
  ),
  scored as (
    select s.id, s.current, s."timedOut", s."tooFast", s."answerIndex",
      case when not s."timedOut" and ${sql.placeholder("choice")}::int between 0 and 3
        then (s."optionOrders" -> (s.current - 1) ->> ${sql.placeholder("choice")}::int)::smallint
      end as choice
    from s where not s.finished and s.current = ${sql.placeholder("position")}::int
  ),
  inserted as (
    insert into quiz_answer as a (session_id, position, choice, correct, timed_out, too_fast)
    select id, current, choice, coalesce(choice = "answerIndex", false), "timedOut",
      not "timedOut" and "tooFast"
    from scored
    on conflict do nothing
    returning ${ANSWER_FIELDS}
  )
  select s.*, (select row_to_json(a) from (select * from inserted) a) as inserted from s`);

/**
 * By the player's id (`me`), or by their session's token (`sessionToken`): then the session is
 * read in the same statement, and a session `getViewer` would not answer from its row matches
 * nothing, so nothing is written (LIVE_SESSION).
 */
const ANSWER = {
  me: answerStatement(me),
  sessionToken: answerStatement(sql`(select v.id from ${LIVE_SESSION} v)`),
};

export async function answerRow(
  db: Db | Tx,
  values: ({ me: string } | { sessionToken: string }) & {
    sessionId: string;
    position: number;
    choice: number | null;
  },
): Promise<SessionRow | undefined> {
  const by = "me" in values ? "me" : "sessionToken";
  return (await run(db, `answer by ${by}`, ANSWER[by], values)).rows[0];
}

/**
 * Moves the session (by id, or the player's unfinished one) on to its next question once the
 * current one is answered or its time has run out, and starts its clock with `timer`; the time-out
 * of a question past its deadline is recorded first. The move names the question it moves from, so
 * of two at once only one moves. The session as read, with `timedOut` (the time-out recorded, or
 * null) and `moved` (the new current question with its clock, or null when it did not move).
 * By the session's token (`bySession`), the player's unfinished one with their own timer: a row
 * whenever the session is live (LIVE_SESSION), with `playerId` and `playerTimer`, and the quiz
 * session's columns null when they have none.
 */
function moveOnStatement(where: SQL, timer: SQL | Placeholder, bySession = false) {
  return sqlStatement<SessionRow>(sql`
    with ${bySession ? sql`v as ${LIVE_SESSION},` : sql``} s as (
      select ${SESSION_COLUMNS}, ${LATE} as late,
        exists (select 1 from quiz_answer a where a.session_id = s.id and a.position = s.current)
          as "answeredNow"
      from quiz_session s join ${CURRENT_QUESTION} where ${where}
    ),
    timed_out as (
      insert into quiz_answer as a (session_id, position, choice, correct, timed_out)
      select id, current, null, false, true from s where not finished and late and not "answeredNow"
      on conflict do nothing
      returning ${ANSWER_FIELDS}
    ),
    moved as (
      update quiz_session m set current = m.current + 1, shown_at = now(), timer = ${timer}::smallint
      from s
      where m.id = s.id and m.finished_at is null and m.current = s.current
        and s.current < ${QUESTIONS_PER_SET} and (s.late or s."answeredNow")
      returning m.current, m.timer, ${epochMs("m.shown_at")} as "shownAt",
        m.question_ids[m.current] as "questionId"
    )
    select ${bySession ? sql`v.id as "playerId", v."quizTimer" as "playerTimer",` : sql``} s.*,
      (select row_to_json(t) from (select * from timed_out) t) as "timedOut",
      (select row_to_json(n) from (
        select moved.current, moved.timer, moved."shownAt", q.text, q.options,
          q.answer_index as "answerIndex", q.explanation
        from moved join quiz_question q on q.id = moved."questionId") n) as moved
    from ${bySession ? sql`v left join s on true` : sql`s`}`);
}

const TIMER = sql.placeholder("timer");
const MOVE_ON = {
  byId: moveOnStatement(BY_ID, TIMER),
  unfinished: moveOnStatement(UNFINISHED, TIMER),
  bySession: moveOnStatement(
    sql`s.user_id = (select id from v) and s.finished_at is null`,
    sql`(select "quizTimer" from v)`,
    true,
  ),
};

export async function moveOnRow(
  db: Db | Tx,
  values: { me: string; sessionId?: string; timer: number } | { sessionToken: string },
): Promise<SessionRow | undefined> {
  const key =
    "sessionToken" in values ? "bySession" : values.sessionId === undefined ? "unfinished" : "byId";
  return (await run(db, `move on ${key}`, MOVE_ON[key], values)).rows[0];
}

/**
 * The set the player plays next in a category (completed sets plus one) and its questions in
 * `locale`, by position, each with its number of options.
 */
const NEXT_SET = sqlStatement<SessionRow>(sql`
  select p.next as "set", coalesce((
    select json_agg(json_build_object('id', q.id, 'options', jsonb_array_length(q.options))
      order by q.position)
    from quiz_question q
    where q.category = ${sql.placeholder("category")} and q.locale = ${sql.placeholder("locale")}
      and q.set_number = p.next
  ), '[]'::json) as questions
  from (select coalesce((select completed_sets from quiz_progress
    where user_id = ${me} and category = ${sql.placeholder("category")}), 0) + 1 as next) p`);

export async function nextSetRow(
  db: Db | Tx,
  values: { me: string; category: string; locale: string },
): Promise<{ set: number; questions: { id: number; options: number }[] }> {
  const [row] = (await run(db, "next set", NEXT_SET, values)).rows;
  return row as { set: number; questions: { id: number; options: number }[] };
}

/**
 * A new session, returned as read; none when the player has an unfinished one already (the
 * unique index on unfinished sessions lets one of two starts at once in).
 */
const CREATE = sqlStatement<SessionRow>(sql`
  with s as (
    insert into quiz_session (user_id, category, set_number, locale, question_ids, option_orders,
      timer, practice)
    values (${me}, ${sql.placeholder("category")}, ${sql.placeholder("set")}::smallint,
      ${sql.placeholder("locale")}, ${sql.placeholder("questionIds")}::int[],
      ${sql.placeholder("optionOrders")}::jsonb, ${sql.placeholder("timer")}::smallint,
      ${sql.placeholder("practice")}::boolean)
    on conflict do nothing
    returning *
  )
  select ${SESSION_COLUMNS} from s join ${CURRENT_QUESTION}`);

export async function createRow(
  db: Db | Tx,
  values: {
    me: string;
    category: string;
    set: number;
    locale: string;
    questionIds: number[];
    optionOrders: number[][];
    timer: number;
    practice: boolean;
  },
): Promise<SessionRow | undefined> {
  const row = await run(db, "create", CREATE, {
    ...values,
    optionOrders: JSON.stringify(values.optionOrders),
  });
  return row.rows[0];
}

/**
 * In the finishing transaction, once the set's points are credited: what it earned, on the
 * session, and one more completed set of its category (at most SETS_PER_CATEGORY), in one statement.
 */
const CREDITED = sqlStatement<SessionRow>(sql`
  with earned as (
    update quiz_session set earned = ${sql.placeholder("earned")}::smallint
    where id = ${sessionId}::uuid and user_id = ${me}
  )
  insert into quiz_progress (user_id, category, completed_sets)
  values (${me}, ${sql.placeholder("category")}, 1)
  on conflict (user_id, category)
  do update set completed_sets = least(quiz_progress.completed_sets + 1, ${SETS_PER_CATEGORY})`);

export async function creditedRow(
  db: Db | Tx,
  values: { me: string; sessionId: string; category: string; earned: number },
): Promise<void> {
  await run(db, "credited", CREDITED, values);
}
