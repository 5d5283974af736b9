import { z } from "zod";
import { LOCALES } from "../i18n/locale.ts";

/** The quiz timer choices: 30 s (SPEC.md), extra time, or untimed play (WCAG 2.2.1). */
export const QUIZ_TIMERS = [30, 60, 0] as const;

export const profileNameSchema = z
  .string()
  .trim()
  .min(3, "auth.problems.usernameShort")
  .max(40, "auth.problems.usernameLong");

/** What a player may change about themselves, all optional; anything else is refused. */
export const settingsSchema = z
  .object({
    name: profileNameSchema,
    age: z.number().int().min(4).max(120),
    locale: z.enum(LOCALES),
    quizTimer: z.union(QUIZ_TIMERS.map((seconds) => z.literal(seconds))),
    notification: z.boolean(),
  })
  .partial()
  .strict();

export type Settings = z.infer<typeof settingsSchema>;
