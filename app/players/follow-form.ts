import { z } from "zod";

/** The profile view's one form: follow or unfollow the player shown. */
export const followFormSchema = z.object({
  intent: z.enum(["follow", "unfollow"], "errors.unknown_intent"),
});
