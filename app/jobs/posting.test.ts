import { describe, expect, test } from "vitest";
import { asksForCanadianExperience, type PayRuleInput, payRuleProblems } from "./posting.ts";
import { type PostingInput, postingSchema } from "./posting-schema.ts";

const posted = new Date("2026-11-20T15:00:00Z");

const ontario = (pay: PayRuleInput["pay"], extra: Partial<PayRuleInput> = {}): PayRuleInput => ({
  province: "ON",
  pay,
  postedAt: posted,
  aiScreening: false,
  existingVacancy: true,
  ...extra,
});

const messages = (input: PayRuleInput) => payRuleProblems(input).map((problem) => problem.message);

describe("pay transparency", () => {
  test("a pay range is required everywhere", () => {
    expect(
      messages({
        province: "BC",
        pay: { minCents: 0, maxCents: 0, period: "year" },
        postedAt: posted,
      }),
    ).toEqual(["jobs.rules.payRequired"]);
    expect(
      messages({
        province: "QC",
        pay: { minCents: 2000, maxCents: 1900, period: "hour" },
        postedAt: posted,
      }),
    ).toEqual(["jobs.rules.payRangeReversed"]);
    expect(
      messages({
        province: "BC",
        pay: { minCents: 2000, maxCents: 2000, period: "hour" },
        postedAt: posted,
      }),
    ).toEqual([]);
  });

  test("in Ontario a range spans at most $50,000", () => {
    expect(
      messages(ontario({ minCents: 80_000_00, maxCents: 130_000_00, period: "year" })),
    ).toEqual([]);
    expect(
      messages(ontario({ minCents: 80_000_00, maxCents: 130_000_01, period: "year" })),
    ).toEqual(["jobs.rules.ontarioSpan"]);
  });

  test("...unless the maximum is above $200,000", () => {
    expect(
      messages(ontario({ minCents: 140_000_00, maxCents: 200_000_00, period: "year" })),
    ).toEqual(["jobs.rules.ontarioSpan"]);
    expect(
      messages(ontario({ minCents: 140_000_00, maxCents: 200_000_01, period: "year" })),
    ).toEqual([]);
  });

  test("hourly ranges count as a full-time year", () => {
    // $24.04 an hour is $50,003.20 a year.
    expect(messages(ontario({ minCents: 20_00, maxCents: 44_03, period: "hour" }))).toEqual([]);
    expect(messages(ontario({ minCents: 20_00, maxCents: 44_04, period: "hour" }))).toEqual([
      "jobs.rules.ontarioSpan",
    ]);
  });

  test("an Ontario posting says whether AI screens applicants and whether the vacancy exists", () => {
    const pay = { minCents: 25_00, maxCents: 30_00, period: "hour" } as const;
    expect(messages(ontario(pay, { aiScreening: null, existingVacancy: undefined }))).toEqual([
      "jobs.rules.ontarioAiStatement",
      "jobs.rules.ontarioVacancyStatement",
    ]);
    expect(messages(ontario(pay, { aiScreening: true, existingVacancy: false }))).toEqual([]);
  });

  test("Ontario's rules start with postings of 1 January 2026; other provinces need no statements", () => {
    const wide = { minCents: 50_000_00, maxCents: 150_000_00, period: "year" } as const;
    const before = ontario(wide, {
      postedAt: new Date("2025-12-31T23:59:00-05:00"),
      aiScreening: null,
    });
    expect(messages(before)).toEqual([]);
    expect(messages(ontario(wide, { postedAt: new Date("2026-01-01T00:00:00-05:00") }))).toEqual([
      "jobs.rules.ontarioSpan",
    ]);
    expect(messages({ province: "MB", pay: wide, postedAt: posted })).toEqual([]);
  });
});

describe("Canadian experience", () => {
  test.each([
    "Canadian experience required",
    "2 years of CANADIAN work experience",
    "Expérience canadienne exigée",
    "une expérience de travail au Canada",
    "Canada experience is an asset",
  ])("%j is refused", (text) => {
    expect(asksForCanadianExperience(["Fine text", text])).toBe(true);
  });

  test.each([
    "Experience with Canadian tax law",
    "Experience in Canada's North is welcome",
    "Expérience en fiscalité canadienne",
  ])("%j is allowed", (text) => {
    expect(asksForCanadianExperience([text])).toBe(false);
  });
});

const valid: PostingInput = {
  reference: "NB-TEST-1",
  title: { "en-CA": "Payroll Clerk", "fr-CA": "Commis à la paie" },
  company: "Maple Payroll",
  companyLogo: "/images/jobs/logos/maple-payroll.svg",
  city: "Toronto",
  province: "ON",
  postalCode: "M5V 2T6",
  workSetting: "hybrid",
  employerType: "direct",
  employmentType: "full_time",
  pay: { minCents: 55_000_00, maxCents: 62_000_00, period: "year" },
  overview: { "en-CA": "Run payroll.", "fr-CA": "Gérer la paie." },
  skills: { "en-CA": ["Payroll"], "fr-CA": ["Paie"] },
  description: { "en-CA": "You run payroll.", "fr-CA": "Vous gérez la paie." },
  aiScreening: false,
  existingVacancy: true,
  contactEmail: "hiring@example.com",
  contactLocale: "en-CA",
  postedAt: posted,
  updatedAt: posted,
  closesAt: new Date("2026-12-20T00:00:00Z"),
};

describe("postingSchema", () => {
  const issues = (input: PostingInput) => {
    const parsed = postingSchema.safeParse(input);
    return parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
  };

  test("accepts a posting that follows the rules", () => {
    expect(issues(valid)).toEqual([]);
  });

  test("refuses what breaks a rule, naming the field", () => {
    expect(
      issues({ ...valid, pay: { minCents: 40_000_00, maxCents: 95_000_00, period: "year" } }),
    ).toEqual(["pay.maxCents jobs.rules.ontarioSpan"]);
    expect(issues({ ...valid, aiScreening: null })).toEqual([
      "aiScreening jobs.rules.ontarioAiStatement",
    ]);
    expect(
      issues({
        ...valid,
        description: { ...valid.description, "fr-CA": "Expérience canadienne requise." },
      }),
    ).toEqual(["description jobs.rules.canadianExperience"]);
    expect(issues({ ...valid, postalCode: "D5V 2T6" })).toEqual([
      expect.stringMatching(/^postalCode /),
    ]);
  });
});
