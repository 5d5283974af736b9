import { numberFormat } from "../i18n/format.ts";
import type { Locale } from "../i18n/locale.ts";
import { QUESTIONS_PER_SET, SETS_PER_CATEGORY } from "./categories.ts";

/**
 * Play & Learn's rules as pure functions (SPEC.md sections 4, 5 and 9, DESIGN.md "Game rules on
 * the server"): the sessions service applies them with the database's clock.
 */

/** SPEC.md section 9: +2 for a right answer, -2 for a wrong one or a time-out. */
const POINTS_RIGHT = 2;
const POINTS_WRONG = -2;

/** The results dialog's feedback, in characters. */
export const FEEDBACK_MAX = 1000;

/**
 * Time the network may take, on top of the timer, before an answer counts as late. The sessions'
 * statements apply this rule and MIN_ANSWER_MS in SQL too (session-statements.server.ts).
 */
export const GRACE_MS = 2000;

/**
 * An answer given sooner than this after its question was shown (by the server's clock) earns
 * nothing, right or wrong: nobody reads a question and four options that fast, a script does.
 * Applied where the answer is recorded, in SQL (session-statements.server.ts).
 */
export const MIN_ANSWER_MS = 400;

/** `tooFast` is absent for outcomes recorded before the rule (and for time-outs). */
export type Outcome = { correct: boolean; tooFast?: boolean };

export function pointsFor(outcome: Outcome): number {
  if (outcome.tooFast) return 0;
  return outcome.correct ? POINTS_RIGHT : POINTS_WRONG;
}

/** A set's score: the sum of its answers' points (between -10 and +10 for five questions). */
export function scoreOf(outcomes: readonly Outcome[]): number {
  return outcomes.reduce((sum, outcome) => sum + pointsFor(outcome), 0);
}

/**
 * What a set is worth to the player, and what its counter shows while it is played: its score,
 * never below 0. Wrong answers cancel right ones within the set; a set never takes points away.
 */
export function pointsOfSet(score: number): number {
  return Math.max(0, score);
}

/**
 * When a question shown at `shownAt` stops taking answers: the timer plus the grace. Untimed play
 * (timer 0) has no deadline.
 */
export function deadlineOf(shownAt: Date, timerSeconds: number): Date | null {
  if (timerSeconds === 0) return null;
  return new Date(shownAt.getTime() + timerSeconds * 1000 + GRACE_MS);
}

/** Whether an answer arriving at `now` is a time-out. */
export function isLate(now: Date, shownAt: Date, timerSeconds: number): boolean {
  const deadline = deadlineOf(shownAt, timerSeconds);
  return deadline !== null && now.getTime() > deadline.getTime();
}

/**
 * What the countdown shows at `now`, in milliseconds (never below 0): the timer without the grace,
 * which is for the network, not for the player. Null when untimed.
 */
export function timeLeftMs(now: Date, shownAt: Date, timerSeconds: number): number | null {
  if (timerSeconds === 0) return null;
  return Math.max(0, shownAt.getTime() + timerSeconds * 1000 - now.getTime());
}

/** SPEC.md section 5: the set to play next is the completed count plus one; null after the last. */
export function nextSetNumber(completedSets: number): number | null {
  const next = Math.max(0, completedSets) + 1;
  return next > SETS_PER_CATEGORY ? null : next;
}

/** Correct answers as a share of the questions, 0 when there were none (SPEC.md section 9). */
export function accuracy(correct: number, total: number = QUESTIONS_PER_SET): number {
  return total > 0 ? correct / total : 0;
}

/** Accuracy as a whole percentage, as the language writes it: "60%", "60 %". */
export function formatAccuracy(correct: number, total: number, locale: Locale): string {
  return numberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(
    accuracy(correct, total),
  );
}

/** "00:27", "01:00": the countdown's minutes and seconds, rounded up to the whole second. */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

/**
 * A random order of `length` items (Fisher–Yates): `order[place]` is the index of the item shown
 * in that place. `random(n)` returns a whole number from 0 to n - 1.
 */
export function shuffledOrder(length: number, random: (n: number) => number): number[] {
  const order = Array.from({ length }, (_, index) => index);
  for (let i = length - 1; i > 0; i--) {
    const j = random(i + 1);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
}
