import type { ScreeningQuestion } from "../db/schema/jobs.ts";

/**
 * Screening questions (decision 0072): a posting asks at most MAX_QUESTIONS, each answered yes or
 * no or in a short text. Answers never reject anyone by themselves: the employer reads them.
 */
export const MAX_QUESTIONS = 5;
export const QUESTION_KINDS = ["yesNo", "text"] as const;
/** A question's text, in each language. */
export const QUESTION_MAX = 200;
/** A short-text answer. */
export const ANSWER_MAX = 500;

export type { ScreeningQuestion };

type QuestionText = ScreeningQuestion["text"];

/** A question's text in `locale`, or in the other language when it has only that one. */
export const questionTextIn = (text: QuestionText, locale: "en-CA" | "fr-CA") =>
  text[locale] || text[locale === "en-CA" ? "fr-CA" : "en-CA"] || "";

/** The apply form's (and the apply API's) field for the answer to question `index`. */
export const answerField = (index: number) => `answers.${index}`;
