import { randomInt } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import {
  quizAnswer,
  quizFeedback,
  quizProgress,
  quizQuestion,
  quizSession,
} from "../db/schema/quiz.ts";
import type { Locale } from "../i18n/locale.ts";
import { AppError } from "../platform/errors.ts";
import { recordFinishedSet } from "../players/points.server.ts";
import type { QuizTimer } from "./categories.ts";
import { QUESTIONS_PER_SET, QUIZ_CATEGORIES, type QuizCategory } from "./categories.ts";
import { completedSetsByCategory } from "./progress.server.ts";
import { isLate, nextSetNumber, pointsFor, scoreOf, shuffledOrder, timeLeftMs } from "./rules.ts";
import type { CategoryProgress, PlayState, SetResults } from "./types.ts";

/**
 * Quiz sessions (DESIGN.md "Game rules on the server"): the server keeps the questions, shuffles
 * their options, times each question with its own clock (PostgreSQL's `now()`, the same for every
 * app server), takes the first answer to each question as final and credits a finished set once.
 * Every function acts on the player `me` only: another player's session is not found.
 */

type SessionRow = {
  id: string;
  category: string;
  setNumber: number;
  locale: string;
  questionIds: number[];
  optionOrders: number[][];
  timer: number;
  current: number;
  shownAt: Date;
  finishedAt: Date | null;
  /** The database's clock when the row was read, in ms since the epoch. */
  now: number;
};

const sessionColumns = {
  id: quizSession.id,
  category: quizSession.category,
  setNumber: quizSession.setNumber,
  locale: quizSession.locale,
  questionIds: quizSession.questionIds,
  optionOrders: quizSession.optionOrders,
  timer: quizSession.timer,
  current: quizSession.current,
  shownAt: quizSession.shownAt,
  finishedAt: quizSession.finishedAt,
  now: sql<number>`(extract(epoch from now()) * 1000)::float8`,
};

/** The player's progress in every category, in SPEC.md's order. */
export async function listCategories(db: Db | Tx, me: string): Promise<CategoryProgress[]> {
  const completed = await completedSetsByCategory(db, me);
  return QUIZ_CATEGORIES.map((category) => {
    const completedSets = completed[category] ?? 0;
    return { category, completedSets, nextSet: nextSetNumber(completedSets) };
  });
}

/**
 * Starts the category's next set in `locale`, or, when the player has an unfinished session (of
 * any category), resumes that one: the question to play now, which is the next one once the current
 * one is answered. `timer` is the player's setting, for the question shown now.
 */
export async function startOrResume(
  db: Db | Tx,
  me: string,
  options: { category: QuizCategory; locale: Locale; timer: QuizTimer },
): Promise<{ state: PlayState; created: boolean }> {
  return db.transaction(async (tx) => {
    const open = await unfinishedSessionId(tx, me);
    if (open) return { state: await showNext(tx, me, open, options.timer), created: false };

    const [progress] = await tx
      .select({ completedSets: quizProgress.completedSets })
      .from(quizProgress)
      .where(and(eq(quizProgress.userId, me), eq(quizProgress.category, options.category)));
    const set = nextSetNumber(progress?.completedSets ?? 0);
    if (set === null) throw new AppError("conflict", { message: "quiz.problems.allDone" });

    const questions = await tx
      .select({ id: quizQuestion.id, options: quizQuestion.options })
      .from(quizQuestion)
      .where(
        and(
          eq(quizQuestion.category, options.category),
          eq(quizQuestion.locale, options.locale),
          eq(quizQuestion.setNumber, set),
        ),
      )
      .orderBy(asc(quizQuestion.position));
    if (questions.length !== QUESTIONS_PER_SET)
      throw new AppError("not_found", { message: "quiz.problems.noQuestions" });

    const [created] = await tx
      .insert(quizSession)
      .values({
        userId: me,
        category: options.category,
        setNumber: set,
        locale: options.locale,
        questionIds: questions.map((question) => question.id),
        optionOrders: questions.map((question) =>
          shuffledOrder(question.options.length, (n) => randomInt(n)),
        ),
        timer: options.timer,
      })
      // Two starts at once: the unique index on unfinished sessions lets one in; the other resumes it.
      .onConflictDoNothing()
      .returning({ id: quizSession.id });
    if (!created) {
      const other = await unfinishedSessionId(tx, me);
      if (!other) throw new AppError("conflict");
      return { state: await stateOf(tx, await lockSession(tx, me, other)), created: false };
    }
    return { state: await stateOf(tx, await lockSession(tx, me, created.id)), created: true };
  });
}

/** The player's unfinished session as it stands, without changing anything; null when none. */
export async function getPlayState(db: Db | Tx, me: string): Promise<PlayState | null> {
  const [row] = await db
    .select(sessionColumns)
    .from(quizSession)
    .where(and(eq(quizSession.userId, me), isNull(quizSession.finishedAt)));
  return row ? stateOf(db, row as SessionRow) : null;
}

/**
 * Moves on to the next question once the current one is answered (or its time has run out), and
 * starts its clock with the player's timer. Asking again before answering changes nothing, so a
 * repeated request never skips a question.
 */
export async function showNext(
  db: Db | Tx,
  me: string,
  sessionId: string,
  timer: QuizTimer,
): Promise<PlayState> {
  return db.transaction(async (tx) => {
    const row = await lockSession(tx, me, sessionId);
    if (row.finishedAt) throw new AppError("conflict", { message: "quiz.problems.finished" });
    await recordTimeOut(tx, row);
    const [done] = await tx
      .select({ position: quizAnswer.position })
      .from(quizAnswer)
      .where(and(eq(quizAnswer.sessionId, row.id), eq(quizAnswer.position, row.current)));
    if (!done || row.current >= QUESTIONS_PER_SET) return stateOf(tx, row);
    const [moved] = await tx
      .update(quizSession)
      .set({ current: row.current + 1, shownAt: sql`now()`, timer })
      .where(eq(quizSession.id, row.id))
      .returning(sessionColumns);
    return stateOf(tx, moved as SessionRow);
  });
}

/**
 * The player's answer to the question at `position`: `choice` is the place of the option as shown,
 * null when the time ran out on the player's screen. The first answer is final (a second is a
 * conflict), and one that arrives after the deadline counts as a time-out.
 */
export async function answerQuestion(
  db: Db | Tx,
  me: string,
  sessionId: string,
  answer: { position: number; choice: number | null },
): Promise<PlayState> {
  return db.transaction(async (tx) => {
    const row = await lockSession(tx, me, sessionId);
    if (row.finishedAt) throw new AppError("conflict", { message: "quiz.problems.finished" });
    if (answer.position !== row.current)
      throw new AppError("conflict", {
        message:
          answer.position < row.current
            ? "quiz.problems.alreadyAnswered"
            : "quiz.problems.notShownYet",
      });
    const question = await questionAt(tx, row, row.current);
    const timedOut = answer.choice === null || isLate(new Date(row.now), row.shownAt, row.timer);
    const order = row.optionOrders[row.current - 1] ?? [];
    const choice = timedOut || answer.choice === null ? null : (order[answer.choice] ?? null);
    const [inserted] = await tx
      .insert(quizAnswer)
      .values({
        sessionId: row.id,
        position: row.current,
        choice,
        correct: choice !== null && choice === question.answerIndex,
        timedOut,
      })
      .onConflictDoNothing()
      .returning({ position: quizAnswer.position });
    if (!inserted) throw new AppError("conflict", { message: "quiz.problems.alreadyAnswered" });
    return stateOf(tx, row, question);
  });
}

/**
 * Ends the set once its five questions are answered (a last question whose time has run out counts
 * as a time-out), in one transaction: the session is marked finished only if it was not, then the
 * points (through the players' ledger), the match, the win and the category's progress. Finishing
 * again answers the same results and credits nothing.
 */
export async function finishSession(
  db: Db | Tx,
  me: string,
  sessionId: string,
): Promise<SetResults> {
  return db.transaction(async (tx) => {
    const row = await lockSession(tx, me, sessionId, { lock: false });
    if (row.finishedAt) return resultsOf(tx, me, sessionId);
    await recordTimeOut(tx, row);
    const answers = await answersOf(tx, row.id);
    if (answers.length < QUESTIONS_PER_SET)
      throw new AppError("conflict", { message: "quiz.problems.notAllAnswered" });
    const score = scoreOf(answers);
    const correct = answers.filter((answer) => answer.correct).length;
    const [finished] = await tx
      .update(quizSession)
      .set({ finishedAt: sql`now()`, score, correct })
      .where(
        and(eq(quizSession.id, row.id), eq(quizSession.userId, me), isNull(quizSession.finishedAt)),
      )
      .returning({ id: quizSession.id, category: quizSession.category });
    // Someone else's request finished it first (a double click, a retry): it was credited there.
    if (!finished) return resultsOf(tx, me, sessionId);
    await recordFinishedSet(tx, {
      playerId: me,
      sessionId: finished.id,
      score,
      allRight: correct === QUESTIONS_PER_SET,
    });
    await tx
      .insert(quizProgress)
      .values({ userId: me, category: finished.category, completedSets: 1 })
      .onConflictDoUpdate({
        target: [quizProgress.userId, quizProgress.category],
        set: { completedSets: sql`least(${quizProgress.completedSets} + 1, 20)` },
      });
    return resultsOf(tx, me, sessionId);
  });
}

/** A finished set's results, for the results dialog; not found unless it is the player's. */
export async function resultsOf(db: Db | Tx, me: string, sessionId: string): Promise<SetResults> {
  const [row] = await db
    .select({
      id: quizSession.id,
      category: quizSession.category,
      set: quizSession.setNumber,
      score: quizSession.score,
      correct: quizSession.correct,
      feedbackSent: sql<boolean>`exists (select 1 from ${quizFeedback} where ${quizFeedback.sessionId} = ${quizSession.id})`,
    })
    .from(quizSession)
    .where(
      and(
        eq(quizSession.id, sessionId),
        eq(quizSession.userId, me),
        sql`${quizSession.finishedAt} is not null`,
      ),
    );
  if (!row || row.score === null || row.correct === null) throw new AppError("not_found");
  return {
    id: row.id,
    category: row.category as QuizCategory,
    set: row.set,
    score: row.score,
    total: QUESTIONS_PER_SET,
    correct: row.correct,
    incorrect: QUESTIONS_PER_SET - row.correct,
    feedbackSent: row.feedbackSent,
  };
}

/** The results dialog's feedback: one per finished session, at most 1,000 characters. */
export async function saveFeedback(db: Db | Tx, me: string, sessionId: string, text: string) {
  await resultsOf(db, me, sessionId);
  const [saved] = await db
    .insert(quizFeedback)
    .values({ sessionId, text })
    .onConflictDoNothing()
    .returning({ sessionId: quizFeedback.sessionId });
  if (!saved) throw new AppError("conflict", { message: "quiz.feedback.alreadySent" });
}

/**
 * The player changed their timer during a set. More time (or none) applies to the question being
 * played at once; less time applies from the next question, so nobody times out by changing it.
 */
export async function applyTimer(db: Db | Tx, me: string, sessionId: string, timer: QuizTimer) {
  await db
    .update(quizSession)
    .set({ timer })
    .where(
      and(
        eq(quizSession.id, sessionId),
        eq(quizSession.userId, me),
        isNull(quizSession.finishedAt),
        sql`(${timer} = 0 or (${quizSession.timer} <> 0 and ${timer} > ${quizSession.timer}))`,
      ),
    );
}

async function unfinishedSessionId(tx: Db | Tx, me: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: quizSession.id })
    .from(quizSession)
    .where(and(eq(quizSession.userId, me), isNull(quizSession.finishedAt)));
  return row?.id;
}

/** The player's session, locked for this transaction by default; another player's is not found. */
async function lockSession(
  tx: Tx,
  me: string,
  sessionId: string,
  { lock = true } = {},
): Promise<SessionRow> {
  const query = tx
    .select(sessionColumns)
    .from(quizSession)
    .where(and(eq(quizSession.id, sessionId), eq(quizSession.userId, me)));
  const [row] = await (lock ? query.for("update") : query);
  if (!row) throw new AppError("not_found");
  return row as SessionRow;
}

/** The current question's time-out, once its deadline has passed without an answer. */
async function recordTimeOut(tx: Tx, row: SessionRow) {
  if (!isLate(new Date(row.now), row.shownAt, row.timer)) return;
  await tx
    .insert(quizAnswer)
    .values({
      sessionId: row.id,
      position: row.current,
      choice: null,
      correct: false,
      timedOut: true,
    })
    .onConflictDoNothing();
}

type Question = { text: string; options: string[]; answerIndex: number; explanation: string };

async function questionAt(db: Db | Tx, row: SessionRow, position: number): Promise<Question> {
  const [question] = await db
    .select({
      text: quizQuestion.text,
      options: quizQuestion.options,
      answerIndex: quizQuestion.answerIndex,
      explanation: quizQuestion.explanation,
    })
    .from(quizQuestion)
    .where(eq(quizQuestion.id, row.questionIds[position - 1] ?? -1));
  if (!question) throw new Error(`Question ${position} of session ${row.id} is missing`);
  return question;
}

type StoredAnswer = {
  position: number;
  choice: number | null;
  correct: boolean;
  timedOut: boolean;
  /** In ms since the epoch. */
  answeredAt: number;
};

function answersOf(db: Db | Tx, sessionId: string): Promise<StoredAnswer[]> {
  return db
    .select({
      position: quizAnswer.position,
      choice: quizAnswer.choice,
      correct: quizAnswer.correct,
      timedOut: quizAnswer.timedOut,
      answeredAt: sql<number>`(extract(epoch from ${quizAnswer.answeredAt}) * 1000)::float8`,
    })
    .from(quizAnswer)
    .where(eq(quizAnswer.sessionId, sessionId))
    .orderBy(asc(quizAnswer.position));
}

/**
 * What the player may see of the session: the current question, with its answer only once it is
 * answered, or once its time has run out by the server's clock (a time-out the next request will
 * record).
 */
async function stateOf(db: Db | Tx, row: SessionRow, known?: Question): Promise<PlayState> {
  const [question, answers] = await Promise.all([
    known ?? questionAt(db, row, row.current),
    answersOf(db, row.id),
  ]);
  const now = new Date(row.now);
  const order = row.optionOrders[row.current - 1] ?? [];
  let stored = answers.find((answer) => answer.position === row.current);
  if (!stored && isLate(now, row.shownAt, row.timer)) {
    stored = {
      position: row.current,
      choice: null,
      correct: false,
      timedOut: true,
      answeredAt: row.now,
    };
    answers.push(stored);
  }
  return {
    id: row.id,
    category: row.category as QuizCategory,
    set: row.setNumber,
    locale: row.locale as Locale,
    timer: row.timer as QuizTimer,
    total: QUESTIONS_PER_SET,
    score: scoreOf(answers),
    correct: answers.filter((answer) => answer.correct).length,
    answered: answers.length,
    question: {
      position: row.current,
      text: question.text,
      options: order.map((index) => question.options[index] ?? ""),
      timeLeftMs: timeLeftMs(stored ? new Date(stored.answeredAt) : now, row.shownAt, row.timer),
      result: stored
        ? {
            choice: stored.choice === null ? null : order.indexOf(stored.choice),
            correct: stored.correct,
            timedOut: stored.timedOut,
            answer: order.indexOf(question.answerIndex),
            explanation: question.explanation,
            points: pointsFor(stored),
          }
        : null,
    },
  };
}
