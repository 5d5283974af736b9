import { z } from "zod";
import { optionalField } from "../platform/form-fields.ts";
import { quizTimerField } from "../quiz/timer.ts";

const CAP_PROBLEM = "players.family.problems.cap";

/**
 * The family page's switches, one small form per child and setting; `siteCap` is the site's daily
 * points cap, which a parent's cap must be below (empty: none, the site's alone).
 */
export function familyFormSchema(siteCap: number) {
  const childId = z.string("errors.invalid_value").min(1, "errors.invalid_value").max(100);
  return z.discriminatedUnion(
    "intent",
    [
      z.object({
        intent: z.literal("profile"),
        childId,
        profilePublic: z.enum(["on", "off"], "errors.invalid_value").transform((v) => v === "on"),
      }),
      z.object({ intent: z.literal("timer"), childId, quizTimer: quizTimerField }),
      z.object({
        intent: z.literal("cap"),
        childId,
        pointsCap: optionalField(
          z.coerce
            .number(CAP_PROBLEM)
            .int(CAP_PROBLEM)
            .min(1, CAP_PROBLEM)
            .max(siteCap - 1, CAP_PROBLEM),
        ).transform((cap) => cap ?? null),
      }),
    ],
    { error: "errors.unknown_intent" },
  );
}

export type FamilyForm = z.infer<ReturnType<typeof familyFormSchema>>;

const FAMILY_INTENTS = ["profile", "timer", "cap"] as const;

/** Which child's which form was sent, when the request names them, so its problem shows beside it. */
export function familyFormOf(raw: unknown): { intent?: FamilyForm["intent"]; childId?: string } {
  const { intent, childId } = (raw ?? {}) as { intent?: unknown; childId?: unknown };
  return {
    intent: FAMILY_INTENTS.find((known) => known === intent),
    childId: typeof childId === "string" ? childId : undefined,
  };
}
