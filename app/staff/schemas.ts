import { z } from "zod";

/**
 * The set-up of two-factor sign-in (app/routes/staff/two-factor.tsx): the member's password makes a
 * new key; the app's first code turns it on.
 */
export const twoFactorSetupSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("start"),
      password: z
        .string("staff.twoFactor.passwordRequired")
        .min(1, "staff.twoFactor.passwordRequired")
        .max(128, "staff.twoFactor.wrongPassword"),
    }),
    z.object({
      intent: z.literal("confirm"),
      // Apps show the code in two groups ("123 456"): spaces are not part of it.
      code: z.preprocess(
        (value) => (typeof value === "string" ? value.replace(/\s+/g, "") : value),
        z.string("staff.twoFactor.wrongCode").regex(/^\d{6}$/, "staff.twoFactor.wrongCode"),
      ),
    }),
  ],
  { error: "errors.unknown_intent" },
);

const roleField = <const Roles extends readonly [string, ...string[]]>(roles: Roles) =>
  z.enum(roles, "errors.invalid_value");

/**
 * The roles page's forms: grant a role to a member found by e-mail or handle, or change a listed
 * member's role from the one the page showed (`seen`: the conditional UPDATE's expected state).
 */
export const rolesFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("grant"),
      member: z
        .string("staff.roles.page.memberRequired")
        .trim()
        .min(1, "staff.roles.page.memberRequired")
        .max(254, "staff.roles.page.unknownMember"),
      role: roleField(["moderator", "admin"]),
    }),
    z.object({
      intent: z.literal("change"),
      memberId: z.string().min(1).max(64),
      seen: roleField(["player", "moderator", "admin"]),
      role: roleField(["player", "moderator", "admin"]),
    }),
  ],
  { error: "errors.unknown_intent" },
);
