import { z } from "zod";
import { emailField } from "../platform/email.ts";
import { phoneField } from "../platform/phone.ts";
import { PROVINCES } from "../platform/provinces.ts";
import { isReadableText } from "../platform/text.ts";
import { BILLINGS } from "./billing.ts";

type ProblemKey = "pricing.problems.businessNameRequired" | "pricing.problems.contactNameRequired";

const requiredText = (max: number, message: ProblemKey) =>
  z
    .string(message)
    .trim()
    .min(1, message)
    .max(max, message)
    .refine(isReadableText, "pricing.problems.characters");

/**
 * The listing to claim, as people have it at hand: the address of its page on this site
 * (".../businesses/42"), or its number. Empty when none is claimed.
 */
export function claimedBusinessId(value: string): number | null | undefined {
  const text = value.trim();
  if (text === "") return null;
  const match = /^(?:[1-9]\d{0,8}|.*\/businesses\/([1-9]\d{0,8})(?:[/?#].*)?)$/.exec(text);
  if (!match) return undefined;
  return Number(match[1] ?? text);
}

/**
 * A business asking for a plan: which plan and billing, who to contact (a Canadian phone number,
 * written back in E.164), where the business is, and optionally its listing to claim.
 */
export const planRequestSchema = z.object({
  plan: z
    .string("pricing.problems.planRequired")
    .regex(/^[a-z0-9-]{1,40}$/, "pricing.problems.planRequired"),
  billing: z.enum(BILLINGS, "pricing.problems.billingInvalid").default("monthly"),
  businessName: requiredText(120, "pricing.problems.businessNameRequired"),
  contactName: requiredText(100, "pricing.problems.contactNameRequired"),
  email: emailField("pricing.problems.emailInvalid"),
  phone: phoneField("pricing.problems.phoneInvalid"),
  province: z.enum(PROVINCES, "pricing.problems.provinceRequired"),
  claim: z
    .string("pricing.problems.claimInvalid")
    .max(300, "pricing.problems.claimInvalid")
    .default("")
    .transform((value, context) => {
      const id = claimedBusinessId(value);
      if (id === undefined)
        context.addIssue({ code: "custom", message: "pricing.problems.claimInvalid" });
      return id ?? null;
    }),
});

export type PlanRequestForm = z.infer<typeof planRequestSchema>;
