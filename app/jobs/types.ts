import { z } from "zod";
import { PROVINCES } from "../platform/provinces.ts";
import { localizedList, localizedText } from "../platform/wire.ts";
import { COUNT_CAP } from "./links.ts";
import { EMPLOYER_TYPES, EMPLOYMENT_TYPES, PAY_PERIODS, WORK_SETTINGS } from "./posting.ts";
import { ANSWER_MAX, MAX_QUESTIONS, QUESTION_KINDS } from "./screening.ts";
import { MAX_PAGE, PAGE_SIZE } from "./search.ts";

/** A posting as lists show it (the page's cards, GET /api/jobs). */
export const jobSummarySchema = z.object({
  id: z.int().meta({ example: 12 }),
  title: localizedText,
  company: z.string().meta({ example: "Northwind Software" }),
  companyLogo: z.string().meta({ description: "Path of the logo on this site" }),
  city: z.string().meta({ example: "Toronto" }),
  province: z.enum(PROVINCES).meta({ example: "ON" }),
  workSetting: z.enum(WORK_SETTINGS),
  employerType: z.enum(EMPLOYER_TYPES),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  pay: z
    .object({
      minCents: z.int().min(1).meta({ example: 9_800_000 }),
      maxCents: z.int().min(1).meta({ example: 12_800_000 }),
      period: z.enum(PAY_PERIODS),
    })
    .meta({
      description:
        "Every posting states its pay range (Canadian pay-transparency rules); minimum and maximum may be equal",
    }),
  overview: localizedText,
  postedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  verifiedEmployer: z.boolean().meta({
    description: "Whether staff verified the employer that posted it (its badge)",
  }),
  responseRate: z.int().min(0).max(100).optional().meta({
    description:
      "In search results: the percentage of its applicants a verified employer answers within 14 days, given once at least 10 of its applications count",
    example: 92,
  }),
});
export type JobSummary = z.output<typeof jobSummarySchema>;

/** A posting as its page shows it; never its contact e-mail. */
export const jobDetailSchema = jobSummarySchema.extend({
  reference: z.string().meta({ example: "NB-ON-001" }),
  postalCode: z.string().meta({ example: "M5V 2T6" }),
  skills: localizedList,
  description: localizedText.meta({
    description:
      "Plain text: lines starting with `## ` are headings, `- ` list items, others paragraphs",
  }),
  closesAt: z.iso.datetime(),
  open: z.boolean().meta({
    description: "False once closed or past `closesAt`: applications are then refused",
  }),
  ontario: z.object({ aiScreening: z.boolean(), existingVacancy: z.boolean() }).nullable().meta({
    description:
      "Ontario's statements (postings from 1 January 2026): whether AI screens applicants and whether the vacancy exists now",
  }),
  questions: z
    .array(
      z.object({
        kind: z.enum(QUESTION_KINDS),
        text: z.object({ "en-CA": z.string().optional(), "fr-CA": z.string().optional() }),
      }),
    )
    .max(MAX_QUESTIONS)
    .meta({
      description: `The employer's screening questions, in order: an application answers each one as the field \`answers.{index}\` (\`yes\` or \`no\` for \`yesNo\`, at most ${ANSWER_MAX} characters for \`text\`). A question's text may be in one language only. Answers never reject an application by themselves.`,
    }),
});
export type JobDetail = z.output<typeof jobDetailSchema>;

export const jobPageSchema = z.object({
  items: z.array(jobSummarySchema),
  total: z
    .int()
    .max(COUNT_CAP)
    .meta({
      description: `Matches, counted up to ${COUNT_CAP}; \`totalCapped\` says there are more`,
    }),
  totalCapped: z.boolean().meta({ description: `More than ${COUNT_CAP} postings match` }),
  page: z.int(),
  pageSize: z.int().meta({ example: PAGE_SIZE }),
  pages: z
    .int()
    .max(MAX_PAGE)
    .meta({ description: `Pages that can be asked for (at most ${MAX_PAGE})` }),
});
export type JobPage = z.output<typeof jobPageSchema>;

/** What applying stored. */
export const jobApplicationSchema = z.object({
  id: z.int(),
  jobId: z.int(),
  createdAt: z.iso.datetime(),
});

/** A posting an employer wrote through the API, and where it is now. */
export const employerJobSchema = z.object({
  id: z.int(),
  status: z.enum(["draft", "held", "published", "closed"]).meta({
    description:
      "`draft` (saved, not published), `held` (waiting for staff: the employer is not verified yet), `published` or `closed`",
  }),
});
