import { normalizeForSearch } from "../platform/text.ts";

export const WORK_SETTINGS = ["onsite", "remote", "hybrid"] as const;
export const EMPLOYER_TYPES = ["direct", "recruiter", "other"] as const;
export const EMPLOYMENT_TYPES = [
  "full_time",
  "part_time",
  "contract",
  "temporary",
  "internship",
] as const;
export const PAY_PERIODS = ["hour", "year"] as const;

export type WorkSetting = (typeof WORK_SETTINGS)[number];
export type EmployerType = (typeof EMPLOYER_TYPES)[number];
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export type PayPeriod = (typeof PAY_PERIODS)[number];

export type Pay = { minCents: number; maxCents: number; period: PayPeriod };

/**
 * Ontario's job-posting rules (Employment Standards Act, Working for Workers Acts) apply to
 * postings published from this day on.
 */
const ONTARIO_RULES_FROM = new Date("2026-01-01T00:00:00-05:00");

/** Ontario: a pay range may span at most $50,000... */
const ONTARIO_MAX_SPAN_CENTS = 50_000_00;
/** ...unless its maximum is above $200,000 a year. */
const ONTARIO_SPAN_EXEMPT_ABOVE_CENTS = 200_000_00;
/**
 * Hourly pay is compared as a full-time year (40 hours, 52 weeks), so an hourly range cannot be
 * wider than a yearly one may be (docs/decisions/0015-jobs-search-and-pay-rules.md).
 */
const HOURS_PER_YEAR = 2080;

const yearly = (cents: number, period: PayPeriod) =>
  period === "hour" ? cents * HOURS_PER_YEAR : cents;

/** What a posting needs for the pay and Ontario rules. */
export type PayRuleInput = {
  province: string;
  pay: Pay;
  postedAt: Date;
  aiScreening?: boolean | null;
  existingVacancy?: boolean | null;
};

export type RuleProblem = { path: string; message: PostingMessage };

/**
 * Canadian pay-transparency rules:
 * - a pay range, minimum to maximum, always (British Columbia's Pay Transparency Act asks it of
 *   every posting; we ask it of all);
 * - in Ontario, for postings from 1 January 2026: a range spanning at most $50,000 unless the
 *   maximum is above $200,000 a year, and a statement of whether AI screens applicants and
 *   whether the vacancy exists now.
 */
export function payRuleProblems(posting: PayRuleInput): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const { minCents, maxCents, period } = posting.pay;
  if (!(minCents > 0)) problems.push({ path: "pay.minCents", message: "jobs.rules.payRequired" });
  if (!(maxCents >= minCents))
    problems.push({ path: "pay.maxCents", message: "jobs.rules.payRangeReversed" });
  const ontario = posting.province === "ON" && posting.postedAt >= ONTARIO_RULES_FROM;
  if (!ontario) return problems;
  const span = yearly(maxCents, period) - yearly(minCents, period);
  if (
    span > ONTARIO_MAX_SPAN_CENTS &&
    yearly(maxCents, period) <= ONTARIO_SPAN_EXEMPT_ABOVE_CENTS
  ) {
    problems.push({ path: "pay.maxCents", message: "jobs.rules.ontarioSpan" });
  }
  if (typeof posting.aiScreening !== "boolean")
    problems.push({ path: "aiScreening", message: "jobs.rules.ontarioAiStatement" });
  if (typeof posting.existingVacancy !== "boolean")
    problems.push({ path: "existingVacancy", message: "jobs.rules.ontarioVacancyStatement" });
  return problems;
}

/**
 * "Canadian experience" as a requirement is a barrier Ontario's Human Rights Commission calls
 * discriminatory (and Ontario's ESA forbids in postings since 2026); no posting may ask for it, in
 * either language. Compared without case or accents.
 */
const CANADIAN_EXPERIENCE =
  /\bcanadian (work |job )?experience\b|\bexperience (de travail |professionnelle )?(canadienne|au canada)\b|\bcanada experience\b/;

export function asksForCanadianExperience(texts: readonly string[]): boolean {
  return texts.some((text) => CANADIAN_EXPERIENCE.test(normalizeForSearch(text)));
}

type PostingMessage =
  | "jobs.rules.payRequired"
  | "jobs.rules.payRangeReversed"
  | "jobs.rules.ontarioSpan"
  | "jobs.rules.ontarioAiStatement"
  | "jobs.rules.ontarioVacancyStatement"
  | "jobs.rules.canadianExperience";
