import { z } from "zod";
import { postalCodeField } from "../platform/postal-code.ts";
import { PROVINCES } from "../platform/provinces.ts";
import {
  asksForCanadianExperience,
  EMPLOYER_TYPES,
  EMPLOYMENT_TYPES,
  PAY_PERIODS,
  payRuleProblems,
  WORK_SETTINGS,
} from "./posting.ts";
import { MAX_QUESTIONS, QUESTION_KINDS, QUESTION_MAX } from "./screening.ts";

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

/** What a seeker reads of a posting: the fields its employer writes (the form's and the API's). */
const seekerFields = {
  title: localized,
  city: z.string().trim().min(1).max(80),
  province: z.enum(PROVINCES),
  postalCode: postalCodeField("jobs.rules.postalCode"),
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
};

/**
 * Every posting, whoever writes it (the seed, an employer's form or the API), is checked by this
 * schema before it is stored: its shape, then the pay-transparency rules and the ban on "Canadian
 * experience".
 */
export const postingSchema = z
  .object({
    reference: z.string().regex(/^[A-Z0-9][A-Z0-9-]{2,39}$/),
    company: z.string().trim().min(1).max(100),
    // The seed's logos, or an employer's picture (its profile's, or the site's stand-in).
    companyLogo: z.string().regex(/^\/[a-z0-9][a-z0-9/_.-]*\.(svg|webp|png|jpg|avif)$/),
    ...seekerFields,
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

/** A closing date as a form's date field and the API write it: "2026-12-31". */
const closingDate = z.iso.date("employer.jobs.problems.closesOn");

/** A question's text in one language; empty or left out where it is asked in the other only. */
const questionText = z
  .string()
  .trim()
  .max(QUESTION_MAX, "employer.questions.problems.long")
  .optional();

/** A screening question: its kind, and its text in English and/or French. */
const questionSchema = z.strictObject({
  kind: z.enum(QUESTION_KINDS, "employer.questions.problems.kind"),
  text: z
    .strictObject({ "en-CA": questionText, "fr-CA": questionText })
    .refine((text) => text["en-CA"] || text["fr-CA"], {
      message: "employer.questions.problems.text",
      path: ["en-CA"],
    }),
});

/**
 * What an employer sends for a posting, through the form or the API: the seekers' fields, its
 * screening questions (none by default) and a closing date. Its company, logo, reference and times are the site's; the whole posting is then
 * checked by postingSchema (app/jobs/postings.server.ts), so an employer's posting meets exactly
 * the seed's rules.
 */
export const employerPostingSchema = z.strictObject({
  ...seekerFields,
  questions: z
    .array(questionSchema)
    .max(MAX_QUESTIONS, "employer.questions.problems.tooMany")
    .default([]),
  closesOn: closingDate,
});

export type EmployerPosting = z.output<typeof employerPostingSchema>;

/**
 * POST /api/employer/jobs: the employer it is for and its posting, saved as a draft unless
 * `publish` is true (then published at once for a verified employer, held for staff otherwise).
 */
export const newPostingRequestSchema = employerPostingSchema.extend({
  employerId: z.int().positive().max(2_147_483_647),
  publish: z.boolean().default(false),
});

/**
 * PATCH /api/employer/jobs/{id}: the fields given replace the stored ones (the whole posting is
 * then checked as the form's), and `status` moves it: "published" publishes a draft or reposts a
 * closed posting (with `closesOn`, its new closing date), "closed" closes it.
 */
export const postingPatchSchema = employerPostingSchema.partial().extend({
  // Without their defaults: a field left out keeps its stored value.
  aiScreening: seekerFields.aiScreening.unwrap().optional(),
  existingVacancy: seekerFields.existingVacancy.unwrap().optional(),
  questions: employerPostingSchema.shape.questions.unwrap().optional(),
  status: z.enum(["published", "closed"]).optional(),
});
export type PostingPatch = z.output<typeof postingPatchSchema>;

/** A repost: the closed posting's new closing date. */
export const repostSchema = z.strictObject({ closesOn: closingDate });
export type PostingInput = z.input<typeof postingSchema>;

/** Dollars as a form's pay field holds them ("52.50", "85 000", "52,50") to cents; else as typed. */
function centsOf(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.replace(/[\s\u00a0\u202f$]/g, "");
  if (text === "") return 0;
  if (!/^\d{1,7}([.,]\d{1,2})?$/.test(text)) return value;
  return Math.round(Number(text.replace(",", ".")) * 100);
}

/** A yes/no choice with "not stated": true, false or null. */
const statementOf = (value: unknown) => (value === "yes" ? true : value === "no" ? false : null);

/** Lines of a text box, each trimmed, blank ones left out. */
const linesOf = (value: unknown) =>
  typeof value === "string"
    ? value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
    : value;

/**
 * The form's fixed rows of questions ("questions.0.kind", "questions.0.text.en-CA", ...): a row
 * with no text in either language is not a question, so a question is removed by emptying it.
 */
function questionsOfForm(form: Record<string, unknown>): unknown[] {
  return Array.from({ length: MAX_QUESTIONS }, (_, index) => {
    const text = (locale: string) => form[`questions.${index}.text.${locale}`];
    return {
      kind: form[`questions.${index}.kind`],
      text: { "en-CA": text("en-CA"), "fr-CA": text("fr-CA") },
    };
  }).filter(({ text }) =>
    Object.values(text).some((value) => typeof value === "string" && value.trim() !== ""),
  );
}

/**
 * The posting form's fields, named by the API's paths ("title.en-CA", "pay.minCents") so a problem
 * names the field beside which it shows, made into the API's shape: pay in dollars to cents, skills
 * one a line, the statements as yes/no/not stated.
 */
function postingOfForm(raw: unknown): unknown {
  const form = (raw ?? {}) as Record<string, unknown>;
  const localizedOf = (name: string, read: (value: unknown) => unknown = (value) => value) => ({
    "en-CA": read(form[`${name}.en-CA`]),
    "fr-CA": read(form[`${name}.fr-CA`]),
  });
  return {
    title: localizedOf("title"),
    overview: localizedOf("overview"),
    description: localizedOf("description"),
    skills: localizedOf("skills", linesOf),
    city: form.city,
    province: form.province,
    postalCode: form.postalCode,
    workSetting: form.workSetting,
    employerType: form.employerType,
    employmentType: form.employmentType,
    pay: {
      minCents: centsOf(form["pay.minCents"]),
      maxCents: centsOf(form["pay.maxCents"]),
      period: form["pay.period"],
    },
    aiScreening: statementOf(form.aiScreening),
    existingVacancy: statementOf(form.existingVacancy),
    contactEmail: form.contactEmail,
    contactLocale: form.contactLocale,
    questions: questionsOfForm(form),
    closesOn: form.closesOn,
  };
}

/** The posting form: its fields made into the API's shape, then the API's own schema. */
export const postingFormSchema = z.preprocess(postingOfForm, employerPostingSchema);
