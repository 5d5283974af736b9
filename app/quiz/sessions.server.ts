import { randomInt } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { quizAnswer, quizFeedback, quizQuestion, quizSession } from "../db/schema/quiz.ts";
import type { Locale } from "../i18n/locale.ts";
import { AppError } from "../platform/errors.ts";
import { dailyCapReached, recordFinishedSet } from "../players/points.server.ts";
import {
  QUESTIONS_PER_SET,
  QUIZ_CATEGORIES,
  type QuizCategory,
  type QuizTimer,
  quizTimerOf,
} from "./categories.ts";
import { completedSetsByCategory } from "./progress.server.ts";
import {
  isLate,
  nextSetNumber,
  pointsFor,
  pointsOfSet,
  scoreOf,
  shuffledOrder,
  timeLeftMs,
} from "./rules.ts";
import {
  answerRow,
  createRow,
  creditedRow,
  moveOnRow,
  nextSetRow,
  readSessionRow,
  type SessionRow,
} from "./session-statements.server.ts";
import type { CategoryProgress, PlayState, SetResults } from "./types.ts";

/**
 * Quiz sessions (DESIGN.md "Game rules on the server"): the server keeps the questions, shuffles
 * their options, times each question with its own clock (PostgreSQL's `now()`, the same for every
 * app server), takes the first answer to each question as final and credits a finished set once.
 * Every function acts on the player `me` only: another player's session is not found.
 *
 * Answering and moving on are the game's hot path (a request a second per player): each reads the
 * whole session in one query (`readSession`) and writes with one statement whose own condition
 * makes it safe without a transaction: the primary key of quiz_answer takes the first answer only,
 * and moving on names the question it moves from.
 */

type StoredAnswer = {
  position: number;
  /** The bank's index of the option chosen; null for a time-out. */
  choice: number | null;
  correct: boolean;
  timedOut: boolean;
  tooFast: boolean;
  /** In ms since the epoch. */
  answeredAt: number;
};

type Question = { text: string; options: string[]; answerIndex: number; explanation: string };

/** A session as one query reads it, with its current question, its answers and the clock. */
type Session = {
  id: string;
  category: QuizCategory;
  setNumber: number;
  locale: Locale;
  questionIds: number[];
  optionOrders: number[][];
  timer: QuizTimer;
  current: number;
  finished: boolean;
  practice: boolean;
  /** In ms since the epoch, like `now`, the database's clock when the row was read. */
  shownAt: number;
  now: number;
  question: Question;
  answers: StoredAnswer[];
};

/** The player's session (by id, or their unfinished one); undefined when there is none. */
async function readSession(
  db: Db | Tx,
  values: { me: string; sessionId?: string },
): Promise<Session | undefined> {
  const row = await readSessionRow(db, values);
  return row && sessionOf(row);
}

/** A session as a statement returns it (session-statements.server.ts), without its extra columns. */
function sessionOf(row: SessionRow): Session {
  const {
    text,
    options,
    answerIndex,
    explanation,
    inserted: _inserted,
    timedOut: _timedOut,
    tooFast: _tooFast,
    late: _late,
    answeredNow: _answeredNow,
    moved: _moved,
    playerId: _playerId,
    playerTimer: _playerTimer,
    ...session
  } = row;
  return {
    ...(session as Omit<Session, "question">),
    question: { text, options, answerIndex, explanation } as Question,
  };
}

/** The player's session by id; not found when it is someone else's. */
async function ownSession(db: Db | Tx, me: string, sessionId: string): Promise<Session> {
  const session = await readSession(db, { me, sessionId });
  if (!session) throw new AppError("not_found");
  return session;
}

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
 * any category), resumes that one, in `locale`: the question to play now, which is the next one
 * once the current one is answered. `timer` is the player's setting, for the question shown now.
 */
export async function startOrResume(
  db: Db | Tx,
  me: string,
  options: { category: QuizCategory; locale: Locale; timer: QuizTimer },
): Promise<{ state: PlayState; created: boolean }> {
  const resumed = await resumeUnfinished(db, me, options);
  return resumed ?? startNext(db, me, options);
}

/**
 * `startOrResume` for the player of the session `sessionToken`, their timer read with it: moving
 * on (five calls in six) is one round trip. Null, with nothing written, when that session is not
 * one to answer from its row (LIVE_SESSION): the caller then finds the player as any request does
 * and calls `startOrResume`.
 */
export async function startOrResumeBySession(
  db: Db | Tx,
  sessionToken: string,
  options: { category: QuizCategory; locale: Locale },
): Promise<{ state: PlayState; created: boolean } | null> {
  const row = await moveOnRow(db, { sessionToken });
  if (!row) return null;
  const me = row.playerId as string;
  const timer = quizTimerOf(row.playerTimer as number);
  if (row.id === null) return startNext(db, me, { ...options, timer });
  return resumed(db, me, row, options.locale);
}

/** The category's next set, started: the player has no unfinished session. */
async function startNext(
  db: Db | Tx,
  me: string,
  options: { category: QuizCategory; locale: Locale; timer: QuizTimer },
): Promise<{ state: PlayState; created: boolean }> {
  const next = await nextSetRow(db, { me, category: options.category, locale: options.locale });
  const set = nextSetNumber(next.set - 1);
  if (set === null) throw new AppError("conflict", { message: "quiz.problems.allDone" });
  return createSession(db, me, { ...options, set, practice: false }, next.questions);
}

/**
 * Plays a set the player has finished once more, for practice (the results' "Practise this set
 * again"): the same questions in `locale`, scored and shown, crediting nothing when finished.
 * An unfinished session resumes instead, as starting does.
 */
export async function startPractice(
  db: Db | Tx,
  me: string,
  finishedId: string,
  options: { locale: Locale; timer: QuizTimer },
): Promise<{ state: PlayState; created: boolean }> {
  const resumed = await resumeUnfinished(db, me, options);
  if (resumed) return resumed;
  const { category, set } = await finishedSet(db, me, finishedId);
  const questions = await setQuestions(db, category, options.locale, set);
  return createSession(
    db,
    me,
    { ...options, category, set, practice: true },
    questions?.map((question) => ({ id: question.id, options: question.options.length })) ?? [],
  );
}

/**
 * The player's unfinished session, if any, resumed in `locale`: starting anything resumes it,
 * moving on as `showNext` does. One statement in the usual case; resuming from a page in the other
 * language then continues the set in that language (`inLanguage`).
 */
async function resumeUnfinished(
  db: Db | Tx,
  me: string,
  options: { locale: Locale; timer: QuizTimer },
): Promise<{ state: PlayState; created: boolean } | null> {
  const row = await moveOnRow(db, { me, timer: options.timer });
  return row ? resumed(db, me, row, options.locale) : null;
}

/** The unfinished session `moveOnRow` moved on, in `locale` (see `inLanguage`). */
async function resumed(
  db: Db | Tx,
  me: string,
  row: SessionRow,
  locale: Locale,
): Promise<{ state: PlayState; created: boolean }> {
  const state = await movedOn(db, me, row);
  if (state.locale === locale) return { state, created: false };
  const session = await ownSession(db, me, state.id);
  return { state: stateOf(await inLanguage(db, me, session, locale)), created: false };
}

/**
 * A new session with `questions` (the set's five, by position, each with its number of options),
 * their options shuffled; when the player has an unfinished one already (two starts at once), that
 * one, as it stands.
 */
async function createSession(
  db: Db | Tx,
  me: string,
  options: {
    category: QuizCategory;
    set: number;
    locale: Locale;
    timer: QuizTimer;
    practice: boolean;
  },
  questions: { id: number; options: number }[],
): Promise<{ state: PlayState; created: boolean }> {
  if (questions.length !== QUESTIONS_PER_SET)
    throw new AppError("not_found", { message: "quiz.problems.noQuestions" });
  const created = await createRow(db, {
    me,
    category: options.category,
    set: options.set,
    locale: options.locale,
    questionIds: questions.map((question) => question.id),
    optionOrders: questions.map((question) => optionOrder(question.options)),
    timer: options.timer,
    practice: options.practice,
  });
  const session = created ? sessionOf(created) : await readSession(db, { me });
  if (!session) throw new AppError("conflict");
  return { state: stateOf(session), created: Boolean(created) };
}

/** The five questions of a set in a language, by position; undefined when the bank lacks them. */
async function setQuestions(db: Db | Tx, category: QuizCategory, locale: Locale, set: number) {
  const questions = await db
    .select({ id: quizQuestion.id, options: quizQuestion.options })
    .from(quizQuestion)
    .where(
      and(
        eq(quizQuestion.category, category),
        eq(quizQuestion.locale, locale),
        eq(quizQuestion.setNumber, set),
      ),
    )
    .orderBy(asc(quizQuestion.position));
  return questions.length === QUESTIONS_PER_SET ? questions : undefined;
}

const optionOrder = (length: number) => shuffledOrder(length, (n) => randomInt(n));

/**
 * The session continued in `locale`: a set resumed from a page in the other language goes on in
 * that language. The banks of the two languages are not translations of each other, so every
 * question not answered yet (the current one too, on the same clock) becomes the other bank's
 * question at the same place of the same set, with options shuffled anew; answered questions keep
 * their scores. A bank that lacks the set leaves the session in its own language.
 */
async function inLanguage(db: Db | Tx, me: string, session: Session, locale: Locale) {
  if (session.locale === locale) return session;
  const questions = await setQuestions(db, session.category, locale, session.setNumber);
  if (!questions) return session;
  const answered = new Set(session.answers.map((answer) => answer.position));
  const keep = (index: number) => answered.has(index + 1);
  await db
    .update(quizSession)
    .set({
      locale,
      questionIds: session.questionIds.map((id, index) =>
        keep(index) ? id : (questions[index]?.id ?? id),
      ),
      optionOrders: session.optionOrders.map((order, index) =>
        keep(index) ? order : optionOrder(questions[index]?.options.length ?? order.length),
      ),
    })
    // Only as it was read: an answer recorded since keeps the question it answered.
    .where(
      and(
        eq(quizSession.id, session.id),
        eq(quizSession.userId, me),
        isNull(quizSession.finishedAt),
        eq(quizSession.locale, session.locale),
        eq(quizSession.current, session.current),
        sql`(select count(*) from ${quizAnswer} where ${quizAnswer.sessionId} = ${quizSession.id})
          = ${session.answers.length}`,
      ),
    );
  return ownSession(db, me, session.id);
}

/** The player's unfinished session as it stands, in its own language; null when none. Reads only. */
export async function getPlayState(db: Db | Tx, me: string): Promise<PlayState | null> {
  const session = await readSession(db, { me });
  return session ? stateOf(session) : null;
}

/**
 * Whether the set, shown on a page in `locale`, would go on in that language (see `inLanguage`):
 * the page then asks for it with a POST (`continueInLanguage`), since reading never writes.
 */
export async function goesOnIn(db: Db | Tx, play: PlayState, locale: Locale): Promise<boolean> {
  if (play.locale === locale) return false;
  return (await setQuestions(db, play.category, locale, play.set)) !== undefined;
}

/** The player's unfinished session, if any, continued in `locale` (see `inLanguage`). */
export async function continueInLanguage(
  db: Db | Tx,
  me: string,
  locale: Locale,
): Promise<PlayState | null> {
  const session = await readSession(db, { me });
  return session ? stateOf(await inLanguage(db, me, session, locale)) : null;
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
  const row = await moveOnRow(db, { me, sessionId, timer });
  if (!row) throw new AppError("not_found");
  return movedOn(db, me, row);
}

/** What moving on (`moveOnRow`) left: the question to play now. */
async function movedOn(db: Db | Tx, me: string, row: SessionRow): Promise<PlayState> {
  const session = sessionOf(row);
  if (session.finished) throw new AppError("conflict", { message: "quiz.problems.finished" });
  const timedOut = row.timedOut as StoredAnswer | null;
  if (timedOut) session.answers.push(timedOut);
  const moved = row.moved as (Question & Pick<Session, "current" | "timer" | "shownAt">) | null;
  if (moved) {
    const { current, timer, shownAt, ...question } = moved;
    return stateOf({ ...session, current, timer, shownAt, question });
  }
  // Answered, or past its time, yet not moved: another request moved on first; show where it left
  // the session.
  if ((row.late || row.answeredNow) && session.current < QUESTIONS_PER_SET)
    return stateOf(await ownSession(db, me, session.id));
  return stateOf(session);
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
  const row = await answerRow(db, { me, sessionId, ...answer });
  if (!row) throw new AppError("not_found");
  return answered(row, answer);
}

/**
 * `answerQuestion` for the player of the session `sessionToken` (the API's answers: one round
 * trip, the session read in the answer's statement). Null, with nothing written, when that
 * session is not one to answer from its row (due for its daily extension, ended, unknown) or the
 * quiz session is not its player's: the caller then finds the player as any request does and
 * calls `answerQuestion`, which answers those cases as always.
 */
export async function answerBySession(
  db: Db | Tx,
  sessionToken: string,
  sessionId: string,
  answer: { position: number; choice: number | null },
): Promise<PlayState | null> {
  const row = await answerRow(db, { sessionToken, sessionId, ...answer });
  return row ? answered(row, answer) : null;
}

/** The state after an answer (`answerRow`), or the conflict that kept it from being recorded. */
function answered(row: SessionRow, answer: { position: number }): PlayState {
  const session = sessionOf(row);
  const inserted = row.inserted as StoredAnswer | null;
  if (inserted) return stateOf({ ...session, answers: [...session.answers, inserted] });
  if (session.finished) throw new AppError("conflict", { message: "quiz.problems.finished" });
  if (answer.position > session.current)
    throw new AppError("conflict", { message: "quiz.problems.notShownYet" });
  // An earlier question, or the current one answered already (by this request's twin, maybe).
  throw new AppError("conflict", { message: "quiz.problems.alreadyAnswered" });
}

/**
 * Ends the set once its five questions are answered (a last question whose time has run out counts
 * as a time-out), in one transaction: the session is marked finished only if it was not, then the
 * points (its score, never below 0, within the player's `dailyCap`, through the players' ledger),
 * the match, the win and the category's progress. A practice set credits none of these. Finishing
 * again answers the same results and credits nothing.
 */
export async function finishSession(
  db: Db | Tx,
  me: string,
  sessionId: string,
  dailyCap: number,
): Promise<SetResults> {
  return db.transaction(async (tx) => {
    let session = await ownSession(tx, me, sessionId);
    if (session.finished) return resultsOf(tx, me, sessionId, dailyCap);
    if (pendingTimeOut(session)) {
      await recordTimeOut(tx, session);
      // Read again: a late answer may have been recorded first, and it is the one that counts.
      session = await ownSession(tx, me, sessionId);
    }
    const { answers } = session;
    if (answers.length < QUESTIONS_PER_SET)
      throw new AppError("conflict", { message: "quiz.problems.notAllAnswered" });
    const score = scoreOf(answers);
    const correct = answers.filter((answer) => answer.correct).length;
    const tooFastAnswers = answers.filter((answer) => answer.tooFast).length;
    const [finished] = await tx
      .update(quizSession)
      .set({ finishedAt: sql`now()`, score, correct, tooFastAnswers, earned: 0 })
      .where(
        and(
          eq(quizSession.id, session.id),
          eq(quizSession.userId, me),
          isNull(quizSession.finishedAt),
        ),
      )
      .returning({ id: quizSession.id });
    // Someone else's request finished it first (a double click, a retry): it was credited there.
    if (!finished || session.practice) return resultsOf(tx, me, sessionId, dailyCap);
    const { earned, earnedBefore, ...credited } = await recordFinishedSet(tx, {
      playerId: me,
      sessionId: session.id,
      points: pointsOfSet(score),
      allRight: correct === QUESTIONS_PER_SET,
      dailyCap,
    });
    await creditedRow(tx, { me, sessionId: session.id, category: session.category, earned });
    // As `resultsOf` would read them back: no feedback can be sent before the set is finished.
    return setResults(
      { ...session, set: session.setNumber, score, correct, earned, tooFastAnswers },
      { dailyCapReached: earnedBefore + earned >= credited.dailyCap, feedbackSent: false },
    );
  });
}

/** A finished set of the player's: its category and number; not found otherwise. */
async function finishedSet(db: Db | Tx, me: string, sessionId: string) {
  const [row] = await db
    .select({ category: quizSession.category, set: quizSession.setNumber })
    .from(quizSession)
    .where(
      and(
        eq(quizSession.id, sessionId),
        eq(quizSession.userId, me),
        sql`${quizSession.finishedAt} is not null`,
      ),
    );
  if (!row) throw new AppError("not_found");
  return { category: row.category as QuizCategory, set: row.set };
}

/**
 * A finished set's results, for the results dialog; not found unless it is the player's. Whether
 * the day's cap is reached is as of now, with `dailyCap`, the site's limit (or the parent's lower one).
 */
export async function resultsOf(
  db: Db | Tx,
  me: string,
  sessionId: string,
  dailyCap: number,
): Promise<SetResults> {
  const [row] = await db
    .select({
      id: quizSession.id,
      category: quizSession.category,
      set: quizSession.setNumber,
      practice: quizSession.practice,
      score: quizSession.score,
      correct: quizSession.correct,
      earned: quizSession.earned,
      tooFastAnswers: quizSession.tooFastAnswers,
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
  return setResults(
    { ...row, score: row.score, correct: row.correct, earned: row.earned ?? 0 },
    {
      dailyCapReached: await dailyCapReached(db, me, dailyCap),
      feedbackSent: row.feedbackSent,
    },
  );
}

function setResults(
  set: {
    id: string;
    category: string;
    set: number;
    practice: boolean;
    score: number;
    correct: number;
    earned: number;
    tooFastAnswers: number | null;
  },
  now: { dailyCapReached: boolean; feedbackSent: boolean },
): SetResults {
  return {
    id: set.id,
    category: set.category as QuizCategory,
    set: set.set,
    practice: set.practice,
    score: set.score,
    total: QUESTIONS_PER_SET,
    correct: set.correct,
    incorrect: QUESTIONS_PER_SET - set.correct,
    earned: set.earned,
    tooFastAnswers: set.tooFastAnswers ?? 0,
    ...now,
  };
}

/** The results dialog's feedback: one per finished session, at most 1,000 characters. */
export async function saveFeedback(db: Db | Tx, me: string, sessionId: string, text: string) {
  await finishedSet(db, me, sessionId);
  const [saved] = await db
    .insert(quizFeedback)
    .values({ sessionId, text })
    .onConflictDoNothing()
    .returning({ sessionId: quizFeedback.sessionId });
  if (!saved) throw new AppError("conflict", { message: "quiz.feedback.alreadySent" });
}

/** Whether the current question is unanswered past its deadline: a time-out not yet recorded. */
function pendingTimeOut(session: Session): boolean {
  return (
    !session.answers.some((answer) => answer.position === session.current) &&
    isLate(new Date(session.now), new Date(session.shownAt), session.timer)
  );
}

function timeOutOf(session: Session): StoredAnswer {
  return {
    position: session.current,
    choice: null,
    correct: false,
    timedOut: true,
    tooFast: false,
    answeredAt: session.now,
  };
}

/** Records the current question's time-out once its deadline has passed, in `session` too. */
async function recordTimeOut(db: Db | Tx, session: Session) {
  if (!pendingTimeOut(session)) return;
  const timeOut = timeOutOf(session);
  const inserted = await db
    .insert(quizAnswer)
    .values({
      sessionId: session.id,
      position: timeOut.position,
      choice: null,
      correct: false,
      timedOut: true,
    })
    .onConflictDoNothing()
    .returning({ position: quizAnswer.position });
  if (inserted.length > 0) session.answers.push(timeOut);
}

/**
 * What the player may see of the session: the current question, with its answer only once it is
 * answered, or once its time has run out by the server's clock (a time-out the next request will
 * record).
 */
function stateOf(session: Session): PlayState {
  const answers = [...session.answers];
  let stored = answers.find((answer) => answer.position === session.current);
  if (!stored && pendingTimeOut(session)) {
    stored = timeOutOf(session);
    answers.push(stored);
  }
  const { question } = session;
  const order = session.optionOrders[session.current - 1] ?? [];
  const shownAt = new Date(session.shownAt);
  return {
    id: session.id,
    category: session.category,
    set: session.setNumber,
    locale: session.locale,
    practice: session.practice,
    timer: session.timer,
    total: QUESTIONS_PER_SET,
    score: pointsOfSet(scoreOf(answers)),
    correct: answers.filter((answer) => answer.correct).length,
    answered: answers.length,
    question: {
      position: session.current,
      text: question.text,
      options: order.map((index) => question.options[index] ?? ""),
      timeLeftMs: timeLeftMs(
        new Date(stored ? stored.answeredAt : session.now),
        shownAt,
        session.timer,
      ),
      result: stored
        ? {
            choice: stored.choice === null ? null : order.indexOf(stored.choice),
            correct: stored.correct,
            timedOut: stored.timedOut,
            tooFast: stored.tooFast,
            answer: order.indexOf(question.answerIndex),
            explanation: question.explanation,
            points: pointsFor(stored),
          }
        : null,
    },
  };
}
