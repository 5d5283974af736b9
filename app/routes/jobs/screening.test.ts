import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { jobApplication, jobText } from "../../db/schema/jobs.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { employerPostingSchema, postingFormSchema } from "../../jobs/posting-schema.ts";
import { answersOf } from "../../jobs/screening.server.ts";
import { fixturePosting, insertFixtures } from "../../jobs/test-fixtures.server.ts";
import { createLocalStorage } from "../../platform/storage.server.ts";
import { createTestHost, TEST_BASE_URL } from "../../platform/test-host.server.ts";
import { testPdf } from "../../platform/test-pdfs.ts";

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "screening-uploads-"));
let asking: number;
let address = 0;

const QUESTIONS = [
  {
    kind: "yesNo" as const,
    text: {
      "en-CA": "Can you work weekends?",
      "fr-CA": "Pouvez-vous travailler la fin de semaine?",
    },
  },
  { kind: "text" as const, text: { "fr-CA": "Quel logiciel de paie connaissez-vous?" } },
];

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db, {
    storage: createLocalStorage(uploads),
    clientIpHeader: "x-real-ip",
  });
  [asking] = (await insertFixtures(database.db, [fixturePosting()])) as [number];
  await database.db.update(jobText).set({ questions: QUESTIONS }).where(eq(jobText.jobId, asking));
});

afterAll(async () => {
  await database.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

function apply(answers: Record<string, string>, email: string) {
  const form = new FormData();
  const values = {
    fullName: "Marie-Ève Tremblay",
    email,
    contactNo: "514 555 0123",
    ...answers,
  };
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  form.set("resume", new Blob([new Uint8Array(testPdf())], { type: "application/pdf" }), "cv.pdf");
  address += 1;
  return request(`/api/jobs/${asking}/applications`, {
    method: "POST",
    headers: { origin: TEST_BASE_URL, "x-real-ip": `10.30.0.${address}` },
    body: form,
  });
}

describe("screening questions in the posting's schema", () => {
  test("the form's rows: an empty row is no question, a question may be in one language", () => {
    const parsed = postingFormSchema.safeParse({
      "questions.0.kind": "yesNo",
      "questions.0.text.en-CA": "Can you lift 20 kg?",
      "questions.0.text.fr-CA": "",
      "questions.1.kind": "yesNo",
      "questions.2.kind": "text",
      "questions.2.text.fr-CA": "Depuis quand conduisez-vous?",
    });
    // Other fields are missing; the questions themselves are not among the problems.
    expect(parsed.success).toBe(false);
    const fields = parsed.error?.issues.map((issue) => issue.path.join(".")) ?? [];
    expect(fields.filter((field) => field.startsWith("questions"))).toEqual([]);
  });

  test("at most five questions, each with a text in one language at least, each with its message", () => {
    const question = { kind: "yesNo", text: { "en-CA": "Ready?" } };
    const tooMany = employerPostingSchema.shape.questions.safeParse(Array(6).fill(question));
    expect(tooMany.error?.issues.map((issue) => issue.message)).toEqual([
      "employer.questions.problems.tooMany",
    ]);
    const blank = employerPostingSchema.shape.questions.safeParse([
      { kind: "text", text: { "en-CA": " " } },
      { kind: "maybe", text: { "fr-CA": "Prêt?" } },
    ]);
    expect(blank.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["0.text.en-CA", "employer.questions.problems.text"],
      ["1.kind", "employer.questions.problems.kind"],
    ]);
    expect(employerPostingSchema.shape.questions.parse(Array(5).fill(question))).toHaveLength(5);
  });
});

describe("an applicant answers every question", () => {
  test("the posting's API shows its questions", async () => {
    const posting = await (await request(`/api/jobs/${asking}`)).json();
    expect(posting.questions).toEqual(QUESTIONS);
  });

  test("a missing or wrong answer is refused beside its question, and nothing is stored", async () => {
    const refused = await apply({ "answers.0": "maybe" }, "first@example.com");
    expect(refused.status).toBe(400);
    const { error } = await refused.json();
    expect(error.details).toEqual([
      { field: "answers.0", message: "Answer this question." },
      { field: "answers.1", message: "Answer this question." },
    ]);
    const long = await apply(
      { "answers.0": "yes", "answers.1": "x".repeat(501) },
      "first@example.com",
    );
    expect(long.status).toBe(400);
    expect((await long.json()).error.details).toEqual([
      { field: "answers.1", message: "An answer may be at most 500 characters long." },
    ]);
    expect(await database.db.select().from(jobApplication)).toEqual([]);
  });

  test("answers are stored beside the questions as asked, and read back by application", async () => {
    const sent = await apply({ "answers.0": "no", "answers.1": " Ceridian " }, "ok@example.com");
    expect(sent.status).toBe(201);
    const { id } = await sent.json();
    const answers = await answersOf(database.db, [id, 99_999]);
    expect(answers.get(id)).toEqual([
      { question: QUESTIONS[0], answer: "no" },
      { question: QUESTIONS[1], answer: "Ceridian" },
    ]);
    expect(answers.has(99_999)).toBe(false);
  });
});
