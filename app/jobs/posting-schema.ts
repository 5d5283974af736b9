import { z } from "zod";
import { PROVINCES } from "../platform/provinces.ts";
import {
  asksForCanadianExperience,
  EMPLOYER_TYPES,
  EMPLOYMENT_TYPES,
  PAY_PERIODS,
  payRuleProblems,
  WORK_SETTINGS,
} from "./posting.ts";

// The schema apart from posting.ts, whose words and rules the browser also reads: zod stays on
// the server.
const localized = z.object({
  "en-CA": z.string().trim().min(1),
  "fr-CA": z.string().trim().min(1),
});
const localizedList = z.object({
  "en-CA": z.array(z.string().trim().min(1).max(60)).min(1).max(20),
  "fr-CA": z.array(z.string().trim().min(1).max(60)).min(1).max(20),
});

/**
 * Every posting, whoever writes it (the seed included), is checked by this schema before it is
 * stored: its shape, then the pay-transparency rules and the ban on "Canadian experience".
 */
export const postingSchema = z
  .object({
    reference: z.string().regex(/^[A-Z0-9][A-Z0-9-]{2,39}$/),
    title: localized,
    company: z.string().trim().min(1).max(100),
    companyLogo: z.string().regex(/^\/images\/[a-z0-9/-]+\.svg$/),
    city: z.string().trim().min(1).max(80),
    province: z.enum(PROVINCES),
    postalCode: z.string().regex(/^[ABCEGHJ-NPRSTVXY]\d[A-Z] \d[A-Z]\d$/),
    workSetting: z.enum(WORK_SETTINGS),
    employerType: z.enum(EMPLOYER_TYPES),
    employmentType: z.enum(EMPLOYMENT_TYPES),
    pay: z.object({
      minCents: z.number().int().nonnegative(),
      maxCents: z.number().int().nonnegative(),
      period: z.enum(PAY_PERIODS),
    }),
    overview: localized,
    skills: localizedList,
    description: localized,
    aiScreening: z.boolean().nullable().default(null),
    existingVacancy: z.boolean().nullable().default(null),
    contactEmail: z.email(),
    contactLocale: z.enum(["en-CA", "fr-CA"]),
    open: z.boolean().default(true),
    postedAt: z.date(),
    updatedAt: z.date(),
    closesAt: z.date(),
  })
  .superRefine((posting, context) => {
    for (const problem of payRuleProblems(posting)) {
      context.addIssue({ code: "custom", path: problem.path.split("."), message: problem.message });
    }
    const texts = [
      ...Object.values(posting.title),
      ...Object.values(posting.overview),
      ...Object.values(posting.description),
      ...Object.values(posting.skills).flat(),
    ];
    if (asksForCanadianExperience(texts))
      context.addIssue({
        code: "custom",
        path: ["description"],
        message: "jobs.rules.canadianExperience",
      });
    if (posting.updatedAt < posting.postedAt)
      context.addIssue({ code: "custom", path: ["updatedAt"], message: "before postedAt" });
    if (posting.closesAt <= posting.postedAt)
      context.addIssue({ code: "custom", path: ["closesAt"], message: "not after postedAt" });
  });

export type Posting = z.output<typeof postingSchema>;
export type PostingInput = z.input<typeof postingSchema>;
