import { z } from "zod";
import { ageField, localeField, usernameField } from "../auth/validation.ts";
import { checkbox } from "../platform/form-fields.ts";
import { quizTimerField } from "../quiz/timer.ts";

/** What a player may change about themselves (PATCH /api/me), all optional; anything else is refused. */
export const settingsSchema = z
  .strictObject({
    name: usernameField,
    age: ageField,
    locale: localeField,
    quizTimer: quizTimerField,
    notification: z.boolean("profile.settings.invalid"),
    /** Under 14 the page asks to check with a parent first (the approval itself: decision 0017). */
    profilePublic: z.boolean("profile.settings.invalid"),
  })
  .partial();

export type Settings = z.infer<typeof settingsSchema>;

/** SPEC.md: saving needs a name and a picture (the current picture counts). */
const editName = z
  .string("profile.edit.noImageOrName")
  .trim()
  .min(1, "profile.edit.noImageOrName")
  .pipe(usernameField);

/** The profile page's forms, one per intent; an intent it does not know is refused. */
export const profileFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("edit"),
      name: editName,
      picture: z.instanceof(File).optional(),
    }),
    z.object({
      intent: z.literal("settings"),
      locale: localeField,
      quizTimer: quizTimerField,
      notification: checkbox,
      profilePublic: checkbox,
    }),
    z.object({
      intent: z.literal("delete"),
      confirm: z.literal("yes", "profile.deleteAccount.confirmRequired"),
    }),
    z.object({ intent: z.literal("resend") }),
  ],
  { error: "errors.unknown_intent" },
);

export type ProfileForm = z.infer<typeof profileFormSchema>;

const PROFILE_INTENTS = ["edit", "settings", "delete", "resend"] as const;

/** Which of the page's forms was sent, when it names one, so its problem shows beside it. */
export function profileIntentOf(raw: unknown): ProfileForm["intent"] | undefined {
  const intent = (raw as { intent?: unknown } | null)?.intent;
  return PROFILE_INTENTS.find((known) => known === intent);
}
