import type { Locale } from "../i18n/locale.ts";
import type { QuizCategory, QuizTimer } from "./categories.ts";

/** What the quiz's pages and API send about a player's play (app/quiz/sessions.server.ts). */

/** What the player sees of the result of an answer: sent only once the question is answered. */
export type AnswerResult = {
  /** The place of the option chosen, as shown; null when the time ran out. */
  choice: number | null;
  correct: boolean;
  timedOut: boolean;
  /** Given sooner than MIN_ANSWER_MS after the question showed: it earns 0 points, right or wrong. */
  tooFast: boolean;
  /** The place of the right answer, as shown. */
  answer: number;
  explanation: string;
  points: number;
};

type QuestionView = {
  position: number;
  text: string;
  /** In this session's order. */
  options: string[];
  /** What the countdown shows, in ms: running until the answer, then what was left at it. Null when untimed. */
  timeLeftMs: number | null;
  /** Null until the question is answered or its time has run out. */
  result: AnswerResult | null;
};

/** The session being played: the question to show, and the set's points so far. */
export type PlayState = {
  id: string;
  category: QuizCategory;
  set: number;
  locale: Locale;
  /** A finished set played again: it credits nothing. */
  practice: boolean;
  timer: QuizTimer;
  total: number;
  /** The set's points so far, never below 0 (rules.ts `pointsOfSet`). */
  score: number;
  correct: number;
  answered: number;
  question: QuestionView;
};

export type SetResults = {
  id: string;
  category: QuizCategory;
  set: number;
  practice: boolean;
  /** The sum of the answers' points, which may be below 0; `earned` is what the player got. */
  score: number;
  total: number;
  correct: number;
  incorrect: number;
  /** Points credited: the score, never below 0, within the daily cap; 0 for practice. */
  earned: number;
  /** Answers given too soon after their question showed, which earned nothing. */
  tooFastAnswers: number;
  /** Whether the player has earned today's cap of quiz points. */
  dailyCapReached: boolean;
  feedbackSent: boolean;
};

export type CategoryProgress = {
  category: QuizCategory;
  completedSets: number;
  /** The set choosing the category starts; null once all are done. */
  nextSet: number | null;
};
