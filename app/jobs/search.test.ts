import { describe, expect, test } from "vitest";
import { searchQuery } from "./links.ts";
import { jobSearchSchema, searchFormOf } from "./search.ts";
import { keywordColumn, locationColumn, locationTerms, searchWords } from "./search-text.ts";

const parse = (query: string) =>
  jobSearchSchema.safeParse(Object.fromEntries(groupParams(new URLSearchParams(query))));

/** As readInput gives a query: a name sent more than once keeps all its values. */
function groupParams(params: URLSearchParams) {
  const grouped = new Map<string, string | string[]>();
  for (const [name, value] of params) {
    const before = grouped.get(name);
    grouped.set(name, before === undefined ? value : [before, value].flat());
  }
  return grouped;
}

describe("jobSearchSchema", () => {
  test("an empty search shows every open posting, first page", () => {
    const parsed = parse("");
    expect(parsed.success && parsed.data).toEqual({
      form: { keywords: "", location: "", posted: "", employerType: [], workSetting: [] },
      criteria: {
        keywords: [],
        location: [],
        postedWithinHours: undefined,
        employerTypes: [],
        workSettings: [],
      },
      page: 1,
    });
  });

  test("keywords become words without case or accents; each must be found", () => {
    const parsed = parse("keywords=%20Développeur%20%20FULL-stack%20C%23%20développeur");
    expect(parsed.success && parsed.data.criteria.keywords).toEqual([
      "developpeur",
      "full",
      "stack",
      "c#",
    ]);
  });

  test.each([
    ["Today", "1", 24],
    ["Last 3 Days", "3", 72],
    ["Last 7 Days", "7", 168],
  ])("Posted Date %s is the last %s day(s): %i hours", (_label, value, hours) => {
    const parsed = parse(`posted=${value}`);
    expect(parsed.success && parsed.data.criteria.postedWithinHours).toBe(hours);
  });

  test("checkboxes keep their order; all of them is the same as none", () => {
    const some = parse("employerType=recruiter&employerType=direct&workSetting=remote");
    expect(some.success && some.data.criteria).toMatchObject({
      employerTypes: ["direct", "recruiter"],
      workSettings: ["remote"],
    });
    const all = parse("workSetting=hybrid&workSetting=remote&workSetting=onsite");
    expect(all.success && all.data.criteria.workSettings).toEqual([]);
    expect(all.success && all.data.form.workSetting).toEqual(["onsite", "remote", "hybrid"]);
  });

  test.each([
    ["posted=2", "posted", "jobs.problems.unknownChoice"],
    ["employerType=agency", "employerType", "jobs.problems.unknownChoice"],
    ["page=0", "page", "jobs.problems.invalidPage"],
    ["page=26", "page", "jobs.problems.invalidPage"],
    ["page=abc", "page", "jobs.problems.invalidPage"],
    [`keywords=${"a".repeat(101)}`, "keywords", "jobs.problems.tooLong"],
    ["keywords=a+b+c+d+e+f+g+h+i+j+k", "keywords", "jobs.problems.tooManyWords"],
    ["location=a+b+c+d+e+f+g+h+i+j+k", "location", "jobs.problems.tooManyWords"],
  ])("%s is refused", (query, field, message) => {
    const parsed = parse(query);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path[0]).toBe(field);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  test("unknown parameters are ignored (the phone layout's ?filters, trackers)", () => {
    expect(parse("filters=open&utm_source=x").success).toBe(true);
  });
});

describe("locations", () => {
  test("a whole postal code counts as its first three characters", () => {
    expect(locationTerms("H2X 1Y4")).toEqual(["h2x"]);
    expect(locationTerms("h2x1y4")).toEqual(["h2x"]);
    expect(locationTerms("Montréal, H2X 1Y4")).toEqual(["montreal", "h2x"]);
  });

  test("a posting's location column holds city, province code and names, postal prefix", () => {
    expect(locationColumn({ city: "Trois-Rivières", province: "QC", postalCode: "G9A 5H3" })).toBe(
      " trois rivieres qc quebec g9a ",
    );
    expect(locationColumn({ city: "Charlottetown", province: "PE", postalCode: "C1A 4P3" })).toBe(
      " charlottetown pe prince edward island ile du edouard c1a ",
    );
  });

  test("the keyword column holds titles, company and skills once each", () => {
    expect(
      keywordColumn({
        title: { "en-CA": "IT Support", "fr-CA": "Soutien TI" },
        company: "Red River",
        skills: { "en-CA": ["Node.js", "C#"], "fr-CA": ["Node.js"] },
      }),
    ).toBe(" it support soutien ti red river node js c# ");
    expect(searchWords("C++ / Node.js")).toEqual(["c++", "node", "js"]);
  });
});

describe("addresses", () => {
  test("a search's address leaves out empty fields and is read back the same", () => {
    const form = {
      keywords: "nurse",
      location: "",
      posted: "3" as const,
      employerType: ["direct" as const],
      workSetting: ["remote" as const, "hybrid" as const],
    };
    const query = searchQuery(form, 2);
    expect(query).toBe(
      "keywords=nurse&posted=3&employerType=direct&workSetting=remote&workSetting=hybrid&page=2",
    );
    expect(searchFormOf(new URLSearchParams(query))).toEqual(form);
  });
});
