import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database, DatabaseHandle } from "../db/client.server.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { DEFAULT_DAILY_POINTS_CAP } from "../platform/config.server.ts";
import { isAppError } from "../platform/errors.ts";
import { recordFinishedSet } from "../players/points.server.ts";
import type { QuizTimer } from "./categories.ts";
import { seedQuizQuestions } from "./seed.server.ts";
import {
  answerQuestion,
  continueInLanguage,
  finishSession,
  getPlayState,
  goesOnIn,
  listCategories,
  resultsOf,
  saveFeedback,
  showNext,
  startOrResume,
  startPractice,
} from "./sessions.server.ts";
import { testBank } from "./test-banks.ts";
import type { PlayState } from "./types.ts";

let database: DatabaseHandle;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  // Math in both languages; Animal in English only.
  await seedQuizQuestions(db, [
    testBank("math", "en-CA"),
    testBank("math", "fr-CA"),
    testBank("animal", "en-CA"),
  ]);
});

afterAll(() => database.close());

/**
 * A player row as sign-up leaves it. The quiz area may not use the players' tables, so the test
 * writes and reads them in SQL: what it checks is the database's state, whoever wrote it.
 */
async function newPlayer(quizTimer: QuizTimer = 30): Promise<string> {
  const id = randomUUID();
  await db.execute(sql`insert into "user" (id, name, email, handle, quiz_timer)
    values (${id}, 'Player', ${`${id}@example.com`}, ${id}, ${quizTimer})`);
  return id;
}

async function playerRecord(id: string) {
  const result = await db.execute<{
    points: number;
    uses_points: number;
    play_match: number;
    winner: number;
    ledger: number;
    entries: number;
  }>(sql`select points, uses_points, play_match, winner,
      (select coalesce(sum(change), 0)::int from points_ledger where user_id = ${id}) as ledger,
      (select count(*)::int from points_ledger where user_id = ${id}) as entries
    from "user" where id = ${id}`);
  return result.rows[0];
}

/** Moves the current question's clock back, as if it had been shown `seconds` ago. */
async function shownSecondsAgo(sessionId: string, seconds: number) {
  await db.execute(sql`update quiz_session
    set shown_at = now() - make_interval(secs => ${seconds}) where id = ${sessionId}`);
}

/** The place of the right answer: the test banks ask "what is n + 1?". */
function rightChoice(state: PlayState): number {
  const n = Number(/what is (\d+) \+ 1\?/.exec(state.question.text)?.[1]);
  return state.question.options.indexOf(String(n + 1));
}

function wrongChoice(state: PlayState): number {
  return (rightChoice(state) + 1) % 4;
}

/** The daily cap of the tests that do not test it: as configured by default. */
const CAP = DEFAULT_DAILY_POINTS_CAP;

/** Moves the current question's clock back by `ms`, as if it had been shown that much earlier. */
async function shownEarlier(sessionId: string, ms: number) {
  await db.execute(sql`update quiz_session
    set shown_at = shown_at - make_interval(secs => ${ms / 1000}) where id = ${sessionId}`);
}

/** As a person plays: the question was shown half a second ago, so an answer now is not too fast. */
const humanPace = (sessionId: string) => shownEarlier(sessionId, 500);

async function start(me: string, category: "math" | "animal" = "math", locale = "en-CA" as const) {
  const started = await startOrResume(db, me, { category, locale, timer: 30 });
  if (started.created) await humanPace(started.state.id);
  return started;
}

/** Answers the five questions (right when `right(position)`), moving on after each, then finishes. */
async function playSet(me: string, right: (position: number) => boolean = () => true) {
  let { state } = await start(me);
  for (let position = 1; position <= 5; position++) {
    const choice = right(position) ? rightChoice(state) : wrongChoice(state);
    state = await answerQuestion(db, me, state.id, { position, choice });
    if (position < 5) {
      state = await showNext(db, me, state.id, 30);
      await humanPace(state.id);
    }
  }
  return finishSession(db, me, state.id, CAP);
}

/** Requests waiting for a lock another transaction holds (pg_locks is read live, not cached). */
async function lockWaiters(client: pg.Client): Promise<number> {
  const result = await client.query(
    "select count(*)::int as waiting from pg_locks where not granted",
  );
  return result.rows[0].waiting;
}

async function waitUntil(condition: () => Promise<boolean>) {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.messageKey };
    throw error;
  }
  throw new Error("expected an AppError");
}

describe("starting and resuming", () => {
  test("a new player starts set 1 of the category in their language, at question 1", async () => {
    const me = await newPlayer();
    const { state, created } = await start(me);
    expect(created).toBe(true);
    expect(state).toMatchObject({
      category: "math",
      set: 1,
      locale: "en-CA",
      timer: 30,
      total: 5,
      score: 0,
      answered: 0,
    });
    expect(state.question.position).toBe(1);
    expect(state.question.text).toBe("en-CA math: what is 0 + 1?");
    expect(state.question.timeLeftMs).toBeGreaterThan(29_000);
    expect(state.question.result).toBeNull();
    expect([...state.question.options].sort()).toEqual(["1", "2", "3", "4"]);
  });

  test("nothing about the answer is sent before the question is answered", async () => {
    const me = await newPlayer();
    const { state } = await start(me);
    expect(JSON.stringify(state)).not.toMatch(/explanation|answerIndex|One more than/);
  });

  test("the options are shuffled per session: the right answer is not always first", async () => {
    const places = new Set<number>();
    for (let i = 0; i < 12; i++) places.add(rightChoice((await start(await newPlayer())).state));
    expect(places.size).toBeGreaterThan(1);
  });

  test("starting again, in any category, resumes the unfinished session where it stood", async () => {
    const me = await newPlayer();
    const first = await start(me);
    await shownSecondsAgo(first.state.id, 10);
    const again = await start(me, "animal");
    expect(again.created).toBe(false);
    expect(again.state.id).toBe(first.state.id);
    expect(again.state.category).toBe("math");
    expect(again.state.question.options).toEqual(first.state.question.options);
    // The time already used stays used.
    expect(again.state.question.timeLeftMs).toBeLessThanOrEqual(20_000);
    expect(await getPlayState(db, me)).toMatchObject({ id: first.state.id });
  });

  test("two starts at once make one session", async () => {
    const me = await newPlayer();
    const results = await Promise.all(Array.from({ length: 8 }, () => start(me)));
    expect(new Set(results.map((result) => result.state.id)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
  });

  test("a set resumed in the other language goes on in it; answered questions keep theirs", async () => {
    const me = await newPlayer();
    let { state } = await startOrResume(db, me, { category: "math", locale: "fr-CA", timer: 30 });
    await humanPace(state.id);
    expect(state.question.text).toBe("fr-CA math: what is 0 + 1?");
    state = await answerQuestion(db, me, state.id, { position: 1, choice: rightChoice(state) });
    state = await showNext(db, me, state.id, 30);
    await shownSecondsAgo(state.id, 10);
    // Reading the set from a page in English changes nothing; the page then asks with a POST.
    const read = (await getPlayState(db, me)) as PlayState;
    expect(read).toMatchObject({ id: state.id, locale: "fr-CA" });
    expect(read.question.text).toBe("fr-CA math: what is 1 + 1?");
    expect(await goesOnIn(db, read, "en-CA")).toBe(true);
    expect(await goesOnIn(db, read, "fr-CA")).toBe(false);
    expect(await getPlayState(db, me)).toMatchObject({
      locale: "fr-CA",
      question: { text: read.question.text, options: read.question.options },
    });
    // Asked in English: the rest of the set is English.
    const resumed = (await continueInLanguage(db, me, "en-CA")) as PlayState;
    expect(await getPlayState(db, me)).toMatchObject({ locale: "en-CA" });
    expect(resumed).toMatchObject({ id: state.id, locale: "en-CA", answered: 1, score: 2 });
    expect(resumed.question).toMatchObject({ position: 2, text: "en-CA math: what is 1 + 1?" });
    // On the same clock: changing language gives no more time.
    expect(resumed.question.timeLeftMs).toBeLessThanOrEqual(20_000);
    const answered = await answerQuestion(db, me, state.id, {
      position: 2,
      choice: rightChoice(resumed),
    });
    expect(answered.question.result).toMatchObject({ correct: true });
    const again = await startOrResume(db, me, { category: "math", locale: "fr-CA", timer: 30 });
    // Back in French: the answered question stays as it was played.
    expect(again.state.locale).toBe("fr-CA");
    expect(again.state.question.position).toBe(3);
    expect(again.state.question.text).toBe("fr-CA math: what is 2 + 1?");
    expect(again.state.correct).toBe(2);
  });

  test("a set whose bank lacks the page's language stays in its own", async () => {
    const me = await newPlayer();
    const { state } = await start(me, "animal");
    expect(await goesOnIn(db, state, "fr-CA")).toBe(false);
    const resumed = await continueInLanguage(db, me, "fr-CA");
    expect(resumed).toMatchObject({ id: state.id, locale: "en-CA" });
    expect(resumed?.question.text).toMatch(/^en-CA animal/);
  });

  test("no questions for the set in the player's language: nothing starts", async () => {
    const me = await newPlayer();
    expect(
      await failure(startOrResume(db, me, { category: "animal", locale: "fr-CA", timer: 30 })),
    ).toEqual({ code: "not_found", message: "quiz.problems.noQuestions" });
    expect(await getPlayState(db, me)).toBeNull();
  });

  test("after 20 completed sets nothing starts", async () => {
    const me = await newPlayer();
    await db.execute(
      sql`insert into quiz_progress (user_id, category, completed_sets) values (${me}, 'math', 20)`,
    );
    expect(await failure(start(me))).toEqual({
      code: "conflict",
      message: "quiz.problems.allDone",
    });
    expect((await listCategories(db, me)).find((c) => c.category === "math")).toEqual({
      category: "math",
      completedSets: 20,
      nextSet: null,
    });
  });
});

describe("answering", () => {
  test("a right answer: +2, and now the right answer and the explanation", async () => {
    const me = await newPlayer();
    const { state } = await start(me);
    const answered = await answerQuestion(db, me, state.id, {
      position: 1,
      choice: rightChoice(state),
    });
    expect(answered.score).toBe(2);
    expect(answered.question.result).toEqual({
      choice: rightChoice(state),
      correct: true,
      timedOut: false,
      tooFast: false,
      answer: rightChoice(state),
      explanation: "One more than 0 is 1.",
      points: 2,
    });
    // The countdown stops at the answer.
    expect(answered.question.timeLeftMs).toBeGreaterThan(25_000);
    expect(answered.question.timeLeftMs).toBeLessThanOrEqual(30_000);
  });

  test("a wrong answer: -2, with the right answer shown; the set's points never below 0", async () => {
    const me = await newPlayer();
    const { state } = await start(me);
    const answered = await answerQuestion(db, me, state.id, {
      position: 1,
      choice: wrongChoice(state),
    });
    expect(answered.score).toBe(0);
    expect(answered.question.result).toMatchObject({
      choice: wrongChoice(state),
      correct: false,
      answer: rightChoice(state),
      points: -2,
    });
  });

  test("an answer sooner than 400 ms after its question showed earns nothing, and is kept", async () => {
    const me = await newPlayer();
    let { state } = await start(me);
    state = await answerQuestion(db, me, state.id, { position: 1, choice: rightChoice(state) });
    expect(state.score).toBe(2);
    // Shown just now: an answer at once is too fast, right or wrong.
    state = await showNext(db, me, state.id, 30);
    state = await answerQuestion(db, me, state.id, { position: 2, choice: rightChoice(state) });
    expect(state.question.result).toMatchObject({ correct: true, tooFast: true, points: 0 });
    expect(state.score).toBe(2);
    state = await showNext(db, me, state.id, 30);
    state = await answerQuestion(db, me, state.id, { position: 3, choice: wrongChoice(state) });
    expect(state.question.result).toMatchObject({ correct: false, tooFast: true, points: 0 });
    for (let position = 4; position <= 5; position++) {
      state = await showNext(db, me, state.id, 30);
      await humanPace(state.id);
      state = await answerQuestion(db, me, state.id, { position, choice: rightChoice(state) });
    }
    expect(await finishSession(db, me, state.id, CAP)).toMatchObject({
      score: 6,
      correct: 4,
      earned: 6,
      tooFastAnswers: 2,
    });
  });

  test("the first answer is final: a second one is a conflict and changes nothing", async () => {
    const me = await newPlayer();
    const { state } = await start(me);
    await answerQuestion(db, me, state.id, { position: 1, choice: wrongChoice(state) });
    expect(
      await failure(answerQuestion(db, me, state.id, { position: 1, choice: rightChoice(state) })),
    ).toEqual({ code: "conflict", message: "quiz.problems.alreadyAnswered" });
    const now = await getPlayState(db, me);
    expect(now?.answered).toBe(1);
    expect(now?.question.result).toMatchObject({ correct: false, points: -2 });
  });

  test("ten answers to the same question at once: one counts", async () => {
    const me = await newPlayer();
    const { state } = await start(me);
    const settled = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        answerQuestion(db, me, state.id, { position: 1, choice: i % 4 }),
      ),
    );
    expect(settled.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await getPlayState(db, me)).toMatchObject({ answered: 1 });
  });

  test("a question not yet shown cannot be answered", async () => {
    const me = await newPlayer();
    const { state } = await start(me);
    expect(await failure(answerQuestion(db, me, state.id, { position: 2, choice: 0 }))).toEqual({
      code: "conflict",
      message: "quiz.problems.notShownYet",
    });
  });

  test("within the 2-second grace an answer counts; after it, it is a time-out", async () => {
    const me = await newPlayer();
    let { state } = await start(me);
    await shownSecondsAgo(state.id, 31);
    state = await answerQuestion(db, me, state.id, { position: 1, choice: rightChoice(state) });
    expect(state.question.result).toMatchObject({ correct: true, timedOut: false });

    state = await showNext(db, me, state.id, 30);
    await shownSecondsAgo(state.id, 33);
    state = await answerQuestion(db, me, state.id, { position: 2, choice: rightChoice(state) });
    expect(state.question.result).toMatchObject({
      choice: null,
      correct: false,
      timedOut: true,
      points: -2,
    });
    expect(state.score).toBe(0);
  });

  test("a question whose time ran out shows its answer, and the next request records the time-out", async () => {
    const me = await newPlayer();
    const { state } = await start(me);
    await shownSecondsAgo(state.id, 40);
    const late = await getPlayState(db, me);
    expect(late?.question.result).toMatchObject({ timedOut: true, answer: rightChoice(state) });
    const next = await showNext(db, me, state.id, 30);
    expect(next.question.position).toBe(2);
    expect(next.answered).toBe(1);
    expect(next.correct).toBe(0);
  });

  test("the player's own time-out (no choice) counts as one at once", async () => {
    const me = await newPlayer();
    const { state } = await start(me);
    const answered = await answerQuestion(db, me, state.id, { position: 1, choice: null });
    expect(answered.question.result).toMatchObject({ timedOut: true, points: -2 });
  });

  test("untimed play never times out", async () => {
    const me = await newPlayer(0);
    const { state } = await startOrResume(db, me, { category: "math", locale: "en-CA", timer: 0 });
    expect(state.question.timeLeftMs).toBeNull();
    await shownSecondsAgo(state.id, 3600);
    const answered = await answerQuestion(db, me, state.id, {
      position: 1,
      choice: rightChoice(state),
    });
    expect(answered.question.result).toMatchObject({ correct: true, timedOut: false });
  });

  test("a question keeps the timer it was shown with; the next one gets the new setting", async () => {
    const me = await newPlayer();
    let { state } = await start(me);
    await shownSecondsAgo(state.id, 40);
    // Past its deadline: a time-out, whatever is asked afterwards (untimed for what comes next).
    state = await showNext(db, me, state.id, 0);
    expect(state.question.position).toBe(2);
    expect(state.timer).toBe(0);
    expect(await failure(answerQuestion(db, me, state.id, { position: 1, choice: 0 }))).toEqual({
      code: "conflict",
      message: "quiz.problems.alreadyAnswered",
    });
    const answers = await db.execute<{ timed_out: boolean }>(
      sql`select timed_out from quiz_answer where session_id = ${state.id} and position = 1`,
    );
    expect(answers.rows).toEqual([{ timed_out: true }]);
  });

  test("moving on twice does not skip a question", async () => {
    const me = await newPlayer();
    const { state } = await start(me);
    await answerQuestion(db, me, state.id, { position: 1, choice: 0 });
    const [a, b] = await Promise.all([
      showNext(db, me, state.id, 30),
      showNext(db, me, state.id, 30),
    ]);
    expect([a.question.position, b.question.position]).toEqual([2, 2]);
    expect((await showNext(db, me, state.id, 30)).question.position).toBe(2);
  });

  test("ten requests to move on at once: the session moves one question", async () => {
    const me = await newPlayer();
    const { state } = await start(me);
    await answerQuestion(db, me, state.id, { position: 1, choice: 0 });
    const moved = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? showNext(db, me, state.id, 30) : start(me).then((resumed) => resumed.state),
      ),
    );
    expect(new Set(moved.map((each) => each.question.position))).toEqual(new Set([2]));
    expect(await getPlayState(db, me)).toMatchObject({ answered: 1, question: { position: 2 } });
  });

  test("starting again past the question's deadline records its time-out and moves on", async () => {
    const me = await newPlayer();
    const { state } = await start(me);
    await shownSecondsAgo(state.id, 40);
    const resumed = await start(me);
    expect(resumed).toMatchObject({ created: false, state: { answered: 1, correct: 0 } });
    expect(resumed.state.question).toMatchObject({ position: 2, result: null });
    const answers = await db.execute<{ timed_out: boolean }>(
      sql`select timed_out from quiz_answer where session_id = ${state.id}`,
    );
    expect(answers.rows).toEqual([{ timed_out: true }]);
  });

  test("an earlier question, or one of a finished set, cannot be answered", async () => {
    const me = await newPlayer();
    let { state } = await start(me);
    state = await answerQuestion(db, me, state.id, { position: 1, choice: 0 });
    state = await showNext(db, me, state.id, 30);
    expect(await failure(answerQuestion(db, me, state.id, { position: 1, choice: 1 }))).toEqual({
      code: "conflict",
      message: "quiz.problems.alreadyAnswered",
    });
    const other = await newPlayer();
    const results = await playSet(other);
    expect(
      await failure(answerQuestion(db, other, results.id, { position: 5, choice: 0 })),
    ).toEqual({ code: "conflict", message: "quiz.problems.finished" });
    expect(await failure(showNext(db, other, results.id, 30))).toEqual({
      code: "conflict",
      message: "quiz.problems.finished",
    });
  });

  /**
   * Answers in a transaction, rolled back, after moving the question's clock back by `ms`: within a
   * transaction now() stays the same, so the answer comes exactly `ms` after the question showed.
   */
  async function answerAfter(me: string, state: PlayState, ms: number) {
    let answered: PlayState | undefined;
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`update quiz_session
          set shown_at = now() - make_interval(secs => ${ms / 1000}) where id = ${state.id}`);
        answered = await answerQuestion(tx, me, state.id, {
          position: state.question.position,
          choice: rightChoice(state),
        });
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!answered) throw error;
      });
    return answered?.question.result;
  }

  test("on the database's clock: too fast under 400 ms, late after the timer and 2 s", async () => {
    const me = await newPlayer();
    const { state } = await start(me);
    expect(await answerAfter(me, state, 399)).toMatchObject({ tooFast: true, points: 0 });
    expect(await answerAfter(me, state, 400)).toMatchObject({ tooFast: false, points: 2 });
    expect(await answerAfter(me, state, 32_000)).toMatchObject({ timedOut: false, points: 2 });
    expect(await answerAfter(me, state, 32_001)).toMatchObject({
      timedOut: true,
      choice: null,
      points: -2,
    });
  });
});

describe("finishing", () => {
  test("a set with every answer right: +10, a match, a win, the category's progress", async () => {
    const me = await newPlayer();
    const results = await playSet(me);
    expect(results).toMatchObject({
      category: "math",
      set: 1,
      practice: false,
      score: 10,
      total: 5,
      correct: 5,
      incorrect: 0,
      earned: 10,
      tooFastAnswers: 0,
      dailyCapReached: false,
      feedbackSent: false,
    });
    expect(await playerRecord(me)).toEqual({
      points: 10,
      uses_points: 0,
      play_match: 1,
      winner: 1,
      ledger: 10,
      entries: 1,
    });
    expect((await listCategories(db, me))[1]).toEqual({
      category: "math",
      completedSets: 1,
      nextSet: 2,
    });
    expect(await getPlayState(db, me)).toBeNull();
    expect((await start(me)).state.set).toBe(2);
  });

  test("three right, two wrong: +2, a match, no win", async () => {
    const me = await newPlayer();
    const results = await playSet(me, (position) => position <= 3);
    expect(results).toMatchObject({ score: 2, correct: 3, incorrect: 2 });
    expect(await playerRecord(me)).toMatchObject({ points: 2, play_match: 1, winner: 0 });
  });

  test("a set never takes points away: it earns its score, never below 0", async () => {
    const me = await newPlayer();
    await playSet(me, (position) => position <= 3);
    const results = await playSet(me, () => false);
    expect(results).toMatchObject({ score: -10, correct: 0, earned: 0 });
    expect(await playerRecord(me)).toMatchObject({
      points: 2,
      play_match: 2,
      ledger: 2,
      entries: 2,
    });
  });

  test("finishing before the five answers is refused", async () => {
    const me = await newPlayer();
    const { state } = await start(me);
    expect(await failure(finishSession(db, me, state.id, CAP))).toEqual({
      code: "conflict",
      message: "quiz.problems.notAllAnswered",
    });
  });

  test("a last question whose time ran out is a time-out when finishing", async () => {
    const me = await newPlayer();
    let { state } = await start(me);
    for (let position = 1; position <= 4; position++) {
      state = await answerQuestion(db, me, state.id, { position, choice: rightChoice(state) });
      state = await showNext(db, me, state.id, 30);
      await humanPace(state.id);
    }
    await shownSecondsAgo(state.id, 60);
    expect(await finishSession(db, me, state.id, CAP)).toMatchObject({ score: 6, correct: 4 });
  });

  test("20 finishes of one session at once credit it exactly once", async () => {
    const me = await newPlayer();
    let { state } = await start(me);
    for (let position = 1; position <= 5; position++) {
      state = await answerQuestion(db, me, state.id, { position, choice: rightChoice(state) });
      if (position < 5) {
        state = await showNext(db, me, state.id, 30);
        await humanPace(state.id);
      }
    }
    // Hold the session's row so that every finish reads it unfinished and then waits at the update:
    // released together, they race for real.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    await blocker.query("begin");
    await blocker.query("select id from quiz_session where id = $1 for update", [state.id]);
    const finishing = Promise.all(
      Array.from({ length: 20 }, () => finishSession(db, me, state.id, CAP)),
    );
    const poolSize = db.$client.options.max ?? 10;
    await waitUntil(async () => (await lockWaiters(blocker)) >= poolSize);
    await blocker.query("commit");
    await blocker.end();
    const all = await finishing;
    for (const results of all) expect(results).toMatchObject({ score: 10, correct: 5 });
    expect(await playerRecord(me)).toEqual({
      points: 10,
      uses_points: 0,
      play_match: 1,
      winner: 1,
      ledger: 10,
      entries: 1,
    });
    expect((await listCategories(db, me))[1]?.completedSets).toBe(1);
  });

  test("the category's progress stops at 20", async () => {
    const me = await newPlayer();
    const { state } = await start(me);
    await db.execute(
      sql`insert into quiz_progress (user_id, category, completed_sets) values (${me}, 'math', 20)`,
    );
    let current = state;
    for (let position = 1; position <= 5; position++) {
      current = await answerQuestion(db, me, current.id, { position, choice: 0 });
      if (position < 5) current = await showNext(db, me, current.id, 30);
    }
    await finishSession(db, me, current.id, CAP);
    expect((await listCategories(db, me))[1]?.completedSets).toBe(20);
  });
});

describe("practice", () => {
  test("a finished set again: same questions, scored, but it credits nothing", async () => {
    const me = await newPlayer();
    const first = await playSet(me, (position) => position !== 2);
    const before = await playerRecord(me);
    let { state, created } = await startPractice(db, me, first.id, {
      locale: "en-CA",
      timer: 30,
    });
    expect(created).toBe(true);
    expect(state).toMatchObject({ category: "math", set: 1, practice: true, score: 0 });
    expect(state.question.text).toBe("en-CA math: what is 0 + 1?");
    await humanPace(state.id);
    for (let position = 1; position <= 5; position++) {
      state = await answerQuestion(db, me, state.id, { position, choice: rightChoice(state) });
      if (position < 5) {
        state = await showNext(db, me, state.id, 30);
        await humanPace(state.id);
      }
    }
    expect(state.score).toBe(10);
    const results = await finishSession(db, me, state.id, CAP);
    expect(results).toMatchObject({ practice: true, score: 10, correct: 5, earned: 0 });
    expect(await playerRecord(me)).toEqual(before);
    expect((await listCategories(db, me))[1]?.completedSets).toBe(1);
    expect((await start(me)).state).toMatchObject({ set: 2, practice: false });
  });

  test("only a finished set of the player's own can be practised", async () => {
    const me = await newPlayer();
    const other = await newPlayer();
    const options = { locale: "en-CA", timer: 30 } as const;
    const mine = await playSet(me);
    expect(await failure(startPractice(db, other, mine.id, options))).toMatchObject({
      code: "not_found",
    });
    expect(await getPlayState(db, other)).toBeNull();
    // An unfinished set resumes instead, as starting does.
    const open = await start(me);
    const resumed = await startPractice(db, me, mine.id, options);
    expect(resumed).toMatchObject({ created: false, state: { id: open.state.id } });
  });
});

describe("the daily cap", () => {
  /** Points the player earned from sets earlier today (or at `at`). */
  async function earnedBefore(me: string, change: number, at = sql`now()`) {
    await db.execute(sql`insert into points_ledger (user_id, change, reason, source, created_at)
      values (${me}, ${change}, 'quiz_set', ${`test:${randomUUID()}`}, ${at})`);
    await db.execute(sql`update "user" set points = points + ${change} where id = ${me}`);
  }

  test("a set credits what is left under the cap, then nothing, and the results say so", async () => {
    const me = await newPlayer();
    await earnedBefore(me, 296);
    const first = await playSet(me);
    expect(first).toMatchObject({ score: 10, earned: 4, dailyCapReached: true });
    const second = await playSet(me);
    expect(second).toMatchObject({ score: 10, earned: 0, dailyCapReached: true });
    expect(await playerRecord(me)).toMatchObject({ points: 300, ledger: 300, play_match: 2 });
    // The sets still count as played.
    expect((await listCategories(db, me))[1]?.completedSets).toBe(2);
  });

  test("the day starts at midnight in Toronto: yesterday's points leave room", async () => {
    const me = await newPlayer();
    await earnedBefore(
      me,
      300,
      sql`(date_trunc('day', now() at time zone 'America/Toronto') at time zone 'America/Toronto') - interval '1 second'`,
    );
    expect(await playSet(me)).toMatchObject({ earned: 10, dailyCapReached: false });
    expect(await resultsOf(db, me, (await playSet(me)).id, 20)).toMatchObject({
      dailyCapReached: true,
    });
  });

  test("two sets finishing at once near the cap credit no more than the cap", async () => {
    const me = await newPlayer();
    await earnedBefore(me, 295);
    // Hold the player's row so that both finishes wait at their first statement, then race.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    await blocker.query("begin");
    await blocker.query(`select id from "user" where id = $1 for update`, [me]);
    const finishing = Promise.all(
      [randomUUID(), randomUUID()].map((sessionId) =>
        db.transaction((tx) =>
          recordFinishedSet(tx, {
            playerId: me,
            sessionId,
            points: 10,
            allRight: true,
            dailyCap: CAP,
          }),
        ),
      ),
    );
    await waitUntil(async () => (await lockWaiters(blocker)) >= 2);
    await blocker.query("commit");
    await blocker.end();
    const credited = (await finishing).map((finished) => finished.earned);
    expect(credited.sort((a, b) => a - b)).toEqual([0, 5]);
    expect(await playerRecord(me)).toMatchObject({ points: 300, ledger: 300, play_match: 2 });
  });
});

describe("a parent's lower cap (decision 0071)", () => {
  const capAt = (me: string, cap: number) =>
    db.execute(sql`update "user" set family_points_cap = ${cap} where id = ${me}`);

  test("a capped child stops earning at the parent's cap, and the results say so", async () => {
    const me = await newPlayer();
    await capAt(me, 15);
    expect(await playSet(me)).toMatchObject({ earned: 10, dailyCapReached: false });
    const second = await playSet(me);
    expect(second).toMatchObject({ score: 10, earned: 5, dailyCapReached: true });
    expect(await playSet(me)).toMatchObject({ earned: 0, dailyCapReached: true });
    expect(await resultsOf(db, me, second.id, CAP)).toMatchObject({ dailyCapReached: true });
    expect(await playerRecord(me)).toMatchObject({ points: 15, ledger: 15, play_match: 3 });
  });

  test("concurrent finishes never pass the parent's cap", async () => {
    const me = await newPlayer();
    await capAt(me, 25);
    const finishes = await Promise.all(
      Array.from({ length: 6 }, () =>
        db.transaction((tx) =>
          recordFinishedSet(tx, {
            playerId: me,
            sessionId: randomUUID(),
            points: 10,
            allRight: true,
            dailyCap: CAP,
          }),
        ),
      ),
    );
    expect(finishes.reduce((sum, finished) => sum + finished.earned, 0)).toBe(25);
    expect(await playerRecord(me)).toMatchObject({ points: 25, ledger: 25, play_match: 6 });
  });
});

describe("round trips", () => {
  /** Statements sent to PostgreSQL while `run` runs, through the pools and transactions alike. */
  async function statements(run: () => Promise<unknown>): Promise<number> {
    const original = pg.Client.prototype.query;
    let count = 0;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      count += 1;
      return (original as (...args: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      await run();
    } finally {
      pg.Client.prototype.query = original;
    }
    return count;
  }

  test("answering and moving on are one statement each, starting three, finishing eight", async () => {
    const me = await newPlayer();
    let state: PlayState | undefined;
    const options = { category: "math", locale: "en-CA", timer: 30 } as const;
    // No unfinished set, the next set's questions, the insert.
    const started = await statements(async () => {
      state = (await startOrResume(db, me, options)).state;
    });
    expect(started).toBe(3);
    for (let position = 1; position <= 5; position++) {
      const current = state as PlayState;
      const answer = { position, choice: rightChoice(current) };
      const answered = await statements(async () => {
        state = await answerQuestion(db, me, current.id, answer);
      });
      expect(answered).toBe(1);
      if (position === 5) break;
      // Moving on, by Next or by starting again (which resumes).
      const moved = await statements(async () => {
        state =
          position % 2
            ? await showNext(db, me, current.id, 30)
            : (await startOrResume(db, me, options)).state;
      });
      expect(moved).toBe(1);
    }
    // BEGIN, the session, its finish, the match (the player's lock), today's points, the credit
    // with its ledger row, the session's points with the category's progress, COMMIT.
    expect(await statements(() => finishSession(db, me, (state as PlayState).id, CAP))).toBe(8);
  });
});

describe("a player reaches only their own sessions", () => {
  test("another player's session is not found, whatever the operation", async () => {
    const owner = await newPlayer();
    const other = await newPlayer();
    const { state } = await start(owner);
    const notFound = { code: "not_found", message: "errors.not_found" };
    expect(await failure(answerQuestion(db, other, state.id, { position: 1, choice: 0 }))).toEqual(
      notFound,
    );
    expect(await failure(showNext(db, other, state.id, 30))).toEqual(notFound);
    expect(await failure(finishSession(db, other, state.id, CAP))).toEqual(notFound);

    const results = await playSet(owner);
    expect(await failure(resultsOf(db, other, results.id, CAP))).toEqual(notFound);
    expect(await failure(saveFeedback(db, other, results.id, "Mine now"))).toEqual(notFound);
  });
});

describe("feedback", () => {
  test("one per finished session", async () => {
    const me = await newPlayer();
    const { state } = await start(me);
    expect(await failure(saveFeedback(db, me, state.id, "Too early"))).toMatchObject({
      code: "not_found",
    });
    await db.execute(sql`delete from quiz_session where id = ${state.id}`);
    const results = await playSet(me);
    await saveFeedback(db, me, results.id, "Fun questions!");
    expect((await resultsOf(db, me, results.id, CAP)).feedbackSent).toBe(true);
    expect(await failure(saveFeedback(db, me, results.id, "Again"))).toEqual({
      code: "conflict",
      message: "quiz.feedback.alreadySent",
    });
  });
});

test("after a few hundred random plays by many players, the ledger's sum is every balance", async () => {
  const players = await Promise.all(Array.from({ length: 24 }, () => newPlayer()));
  let seed = 11;
  const random = (n: number) => {
    seed = (seed * 16807) % 2147483647;
    return seed % n;
  };
  const plays = 12;
  await Promise.all(
    players.map(async (me) => {
      for (let play = 0; play < plays; play++) {
        let { state } = await start(me);
        for (let position = 1; position <= 5; position++) {
          const roll = random(10);
          if (roll === 0) await shownSecondsAgo(state.id, 40);
          const choice = roll < 4 ? rightChoice(state) : roll < 9 ? wrongChoice(state) : null;
          state = await answerQuestion(db, me, state.id, { position, choice });
          if (position < 5) state = await showNext(db, me, state.id, 30);
        }
        // Now and then a double click on Finish.
        await Promise.all(
          Array.from({ length: 1 + random(2) }, () => finishSession(db, me, state.id, CAP)),
        );
      }
    }),
  );
  const result = await db.execute<{ id: string; balance: number; ledger: number; sets: number }>(
    sql`select u.id, u.points - u.uses_points as balance, u.play_match as sets,
      (select coalesce(sum(change), 0)::int from points_ledger l where l.user_id = u.id) as ledger
    from "user" u where u.id in ${players}`,
  );
  expect(result.rows).toHaveLength(players.length);
  for (const row of result.rows) {
    expect(row.ledger, row.id).toBe(row.balance);
    expect(row.balance).toBeGreaterThanOrEqual(0);
    expect(row.sets).toBe(plays);
  }
});
