import { z } from "zod";
import { emailField } from "../platform/email.ts";
import { atLeastOneOf, optionalField, webAddressField } from "../platform/form-fields.ts";
import { PROVINCES } from "../platform/provinces.ts";
import { EMPLOYER_PROFILE_MAX } from "./employer-profile-fields.ts";

const description = z
  .string("employer.profile.problems.description")
  .trim()
  .max(EMPLOYER_PROFILE_MAX.description, "employer.profile.problems.descriptionLong");

/**
 * An employer's profile as its form (new and edit) and the API send it; each field's message is
 * its own, in the order of the fields. A description in English, in French, or both; an empty one
 * is left out. A logo is a file for the image pipeline; without one, the profile keeps its own.
 */
export const employerProfileSchema = z
  .preprocess(
    atLeastOneOf("descriptionEn", "descriptionFr"),
    z.object({
      name: z
        .string("employer.profile.problems.name")
        .trim()
        .min(1, "employer.profile.problems.name")
        .max(EMPLOYER_PROFILE_MAX.name, "employer.profile.problems.name"),
      logo: optionalField(z.instanceof(Blob, { error: "employer.profile.problems.logo" })),
      website: optionalField(
        webAddressField("employer.profile.problems.website", EMPLOYER_PROFILE_MAX.website),
      ),
      descriptionEn: description,
      descriptionFr: description.default(""),
      province: z.enum(PROVINCES, "employer.profile.problems.province"),
      contactEmail: emailField("employer.profile.problems.contactEmail"),
    }),
  )
  .transform(({ descriptionEn, descriptionFr, website, ...rest }) => ({
    ...rest,
    website: website ?? null,
    description: {
      ...(descriptionEn ? { "en-CA": descriptionEn } : {}),
      ...(descriptionFr ? { "fr-CA": descriptionFr } : {}),
    },
  }));

export type EmployerProfile = z.output<typeof employerProfileSchema>;

/** Why staff turned something of an employer's down, for its members to read. */
const reasonForMembers = z
  .string("staff.employers.problems.reason")
  .trim()
  .min(1, "staff.employers.problems.reason")
  .max(1000, "staff.employers.problems.reason");

/** The console's decision on a waiting employer: verify it, or reject it with a reason. */
export const employerDecisionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("verify") }),
    z.object({ intent: z.literal("reject"), reason: reasonForMembers }),
  ],
  { error: "errors.unknown_intent" },
);

/** The console's decision on a held posting: publish it, or send it back with a reason. */
export const postingDecisionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("approve") }),
    z.object({ intent: z.literal("reject"), reason: reasonForMembers }),
  ],
  { error: "errors.unknown_intent" },
);
