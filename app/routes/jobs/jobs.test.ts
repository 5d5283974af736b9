import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { signUpVerified } from "../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { jobApplication } from "../../db/schema/jobs.ts";
import { outboxEmail } from "../../db/schema/platform.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { RESUME_MAX_BYTES } from "../../jobs/application.ts";
import { CV_FOLDER } from "../../jobs/applications.server.ts";
import { fixturePosting, insertFixtures } from "../../jobs/test-fixtures.server.ts";
import { LIMITS } from "../../platform/limits.ts";
import { createLocalStorage } from "../../platform/storage.server.ts";
import { createTestHost, TEST_BASE_URL } from "../../platform/test-host.server.ts";
import { pngClaiming } from "../../platform/test-images.ts";
import { testCvCorpus, testPdf } from "../../platform/test-pdfs.ts";

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "jobs-uploads-"));
const storage = createLocalStorage(uploads);
let openJob: number;
let closedJob: number;
let address = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db, {
    storage,
    clientIpHeader: "x-real-ip",
    maxBodyBytes: 8 * 1024 * 1024,
  });
  [openJob, closedJob] = (await insertFixtures(database.db, [
    fixturePosting({
      title: { "en-CA": "Payroll Clerk", "fr-CA": "Commis à la paie" },
      company: "Prairie Payroll",
      contactEmail: "hiring@prairie-payroll.example",
      contactLocale: "fr-CA",
    }),
    fixturePosting({ open: false }),
  ])) as [number, number];
});

afterAll(async () => {
  await database.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

beforeEach(async () => {
  await database.db.execute(
    sql`truncate job_application, job_application_answer, outbox_email, attempt_window`,
  );
  fs.rmSync(path.join(uploads, CV_FOLDER), { recursive: true, force: true });
});

const storedCvs = () => {
  const folder = path.join(uploads, CV_FOLDER);
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};

type Fields = { fullName?: string; email?: string; contactNo?: string; summary?: string };

/** Each call from its own client address, unless given one: the rate limit is tested apart. */
function apply(
  jobId: number,
  resume: { bytes: Buffer; name?: string; type?: string } | null,
  fields: Fields = {},
  options: { address?: string; path?: string; cookie?: string } = {},
) {
  const form = new FormData();
  const values = {
    fullName: "Marie-Ève Tremblay",
    email: "marie@example.com",
    contactNo: "514 555 0123",
    summary: "Five years of payroll in Quebec.",
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  if (resume) {
    form.set(
      "resume",
      new Blob([new Uint8Array(resume.bytes)], { type: resume.type ?? "application/pdf" }),
      resume.name ?? "cv.pdf",
    );
  }
  address += 1;
  return request(options.path ?? `/api/jobs/${jobId}/applications`, {
    method: "POST",
    headers: {
      origin: TEST_BASE_URL,
      "x-real-ip": options.address ?? `10.20.${Math.floor(address / 250)}.${address % 250}`,
      "accept-language": "fr-CA",
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: form,
  });
}

describe("the API lists and shows postings", () => {
  test("GET /api/jobs filters and pages; a bad choice is a 400", async () => {
    const found = await request("/api/jobs?keywords=payroll&workSetting=onsite");
    expect(found.status).toBe(200);
    const page = await found.json();
    expect(page).toMatchObject({ total: 1, totalCapped: false, page: 1, pageSize: 20, pages: 1 });
    expect(page.items[0]).toMatchObject({ id: openJob, company: "Prairie Payroll" });
    const refused = await request("/api/jobs?workSetting=moon");
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.code).toBe("invalid_parameters");
  });

  test("GET /api/jobs/{id} never shows the contact e-mail; a closed posting says so", async () => {
    const open = await request(`/api/jobs/${openJob}`);
    expect(open.status).toBe(200);
    const text = await open.text();
    expect(text).not.toContain("prairie-payroll.example");
    expect(JSON.parse(text)).toMatchObject({ open: true, ontario: null });
    expect(await (await request(`/api/jobs/${closedJob}`)).json()).toMatchObject({ open: false });
    expect((await request("/api/jobs/99999")).status).toBe(404);
  });
});

describe("applying", () => {
  test("a real PDF: stored privately, the employer mailed with it attached, the applicant told", async () => {
    const pdf = testPdf();
    const response = await apply(openJob, { bytes: pdf, name: "mon cv.pdf" });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toMatchObject({ jobId: openJob });

    const [row] = await database.db.select().from(jobApplication);
    expect(row).toMatchObject({
      fullName: "Marie-Ève Tremblay",
      contactNo: "+15145550123",
      cvFilename: "CV - Marie-Ève Tremblay.pdf",
      cvBytes: pdf.length,
      locale: "fr-CA",
    });
    expect(storedCvs()).toEqual([row?.cvName]);
    expect(await storage.read(CV_FOLDER, row?.cvName ?? "")).toEqual(pdf);

    const mail = await database.db.select().from(outboxEmail).orderBy(outboxEmail.id);
    expect(mail.map((message) => message.to)).toEqual([
      "hiring@prairie-payroll.example",
      "marie@example.com",
    ]);
    const [employer, applicant] = mail;
    expect(employer?.attachments).toEqual([
      {
        folder: CV_FOLDER,
        name: row?.cvName,
        filename: "CV - Marie-Ève Tremblay.pdf",
        contentType: "application/pdf",
      },
    ]);
    // The contact's language (fr-CA here), the applicant's fields, and a link to the posting.
    expect(employer?.subject).toBe(
      "Nouvelle candidature pour Commis à la paie\u00a0: Marie-Ève Tremblay",
    );
    expect(employer?.text).toContain("+15145550123");
    expect(employer?.text).toContain(`${TEST_BASE_URL}/fr/jobs/${openJob}`);
    expect(applicant?.attachments).toEqual([]);
    expect(applicant?.subject).toBe("Votre candidature pour Commis à la paie a été envoyée");
  });

  test.each([
    [
      "a PNG renamed .pdf",
      { bytes: pngClaiming(10, 10), name: "cv.pdf" },
      415,
      "Veuillez téléverser un fichier PDF valide.",
    ],
    [
      "a text file",
      { bytes: Buffer.from("My CV\nExperience: lots\n"), name: "cv.txt", type: "text/plain" },
      415,
      "Veuillez téléverser un fichier PDF valide.",
    ],
    [
      "a 6 MB PDF",
      { bytes: testPdf(6 * 1024 * 1024) },
      413,
      "Veuillez téléverser un fichier PDF valide d’au plus 5 Mo.",
    ],
  ])("%s is refused and not kept", async (_label, resume, status, message) => {
    const response = await apply(openJob, resume);
    expect(response.status).toBe(status);
    const body = await response.json();
    expect(body.error.details).toEqual([{ field: "resume", message }]);
    expect(storedCvs()).toEqual([]);
    expect(await database.db.select().from(jobApplication)).toEqual([]);
    expect(await database.db.select().from(outboxEmail)).toEqual([]);
  });

  describe("a CV that carries more than a document", async () => {
    const corpus = await testCvCorpus();
    const notPdf = "Veuillez téléverser un fichier PDF valide.";
    const active =
      "Ce PDF contient des scripts, des actions automatiques ou des fichiers joints. Veuillez enregistrer de nouveau votre CV en PDF simple (par exemple avec «\u00a0Imprimer en PDF\u00a0») et envoyer ce fichier.";
    test.each([
      ["openActionJavaScript", active],
      ["launch", active],
      ["embeddedFile", active],
      ["javaScriptNameTree", active],
      ["htmlBehindHeader", notPdf],
      ["truncated", notPdf],
    ] as const)("%s is a 415, neither kept nor mailed", async (name, message) => {
      const response = await apply(openJob, { bytes: Buffer.from(corpus[name]) });
      expect(response.status).toBe(415);
      const body = await response.json();
      expect(body.error.code).toBe("unsupported_media_type");
      expect(body.error.details).toEqual([{ field: "resume", message }]);
      expect(storedCvs()).toEqual([]);
      expect(await database.db.select().from(jobApplication)).toEqual([]);
      expect(await database.db.select().from(outboxEmail)).toEqual([]);
    });

    test("the page's form refuses it the same way, beside the CV field", async () => {
      const refused = await apply(
        openJob,
        { bytes: Buffer.from(corpus.openActionJavaScript) },
        {},
        { path: `/jobs/${openJob}/apply` },
      );
      expect(refused.status).toBe(415);
      expect(await refused.text()).toContain("This PDF contains scripts, automatic actions");
      expect(storedCvs()).toEqual([]);
    });

    test("a clean CV made by pdf-lib is taken", async () => {
      const response = await apply(openJob, { bytes: Buffer.from(corpus.clean) });
      expect(response.status).toBe(201);
    });
  });

  test("a PDF of exactly 5 MB is taken", async () => {
    const pdf = testPdf(RESUME_MAX_BYTES - 400);
    expect(pdf.length).toBeLessThanOrEqual(RESUME_MAX_BYTES);
    expect((await apply(openJob, { bytes: pdf })).status).toBe(201);
  });

  test("missing or wrong fields name themselves; nothing is stored", async () => {
    const noCv = await apply(openJob, null);
    expect(noCv.status).toBe(400);
    expect((await noCv.json()).error.details).toEqual([
      { field: "resume", message: "Veuillez choisir votre CV, en fichier PDF." },
    ]);
    const wrong = await apply(openJob, { bytes: testPdf() }, { email: "nope", contactNo: "12" });
    expect(
      (await wrong.json()).error.details.map((detail: { field: string }) => detail.field),
    ).toEqual(["email", "contactNo"]);
    // One phone rule for every form: Canadian numbers and toll-free ones, no other country's.
    for (const contactNo of ["+33 1 23 45 67 89", "212 555 0123"]) {
      const abroad = await apply(openJob, { bytes: testPdf() }, { contactNo });
      expect(abroad.status).toBe(400);
      expect((await abroad.json()).error.details).toEqual([
        {
          field: "contactNo",
          message: "Entrez un numéro de téléphone canadien, par exemple 514 555-0123.",
        },
      ]);
    }
    expect(storedCvs()).toEqual([]);
    const tollFree = await apply(openJob, { bytes: testPdf() }, { contactNo: "1-800-555-0100" });
    expect(tollFree.status).toBe(201);
  });

  test("one application per e-mail per job: the second says so and keeps no file", async () => {
    expect((await apply(openJob, { bytes: testPdf() })).status).toBe(201);
    const again = await apply(openJob, { bytes: testPdf() }, { email: " MARIE@example.com " });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe(
      "email: Vous avez déjà postulé à cet emploi avec cette adresse courriel.",
    );
    expect(storedCvs()).toHaveLength(1);
    expect(await database.db.select().from(outboxEmail)).toHaveLength(2);
  });

  test("the same application sent twice at once is stored once, with one file", async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => apply(openJob, { bytes: testPdf() })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await database.db.select().from(jobApplication)).toHaveLength(1);
    expect(storedCvs()).toHaveLength(1);
  });

  test("text no one types (undecodable bytes, controls) is refused, not stored", async () => {
    const response = await apply(openJob, { bytes: testPdf() }, { summary: "Good\ufffd\u0007" });
    expect(response.status).toBe(400);
    expect((await response.json()).error.details[0].field).toBe("summary");
    expect(await database.db.select().from(jobApplication)).toEqual([]);
    expect(storedCvs()).toEqual([]);
  });

  test("a closed posting takes no application", async () => {
    const response = await apply(closedJob, { bytes: testPdf() });
    expect(response.status).toBe(409);
    expect((await response.json()).error.message).toBe(
      "Cet emploi n’accepte plus de candidatures.",
    );
    expect((await apply(99_999, { bytes: testPdf() })).status).toBe(404);
  });

  test("applications are limited per client address, with Retry-After", async () => {
    const from = { address: "10.99.0.1" };
    for (let i = 0; i < 10; i += 1) {
      const response = await apply(
        openJob,
        { bytes: testPdf() },
        { email: `a${i}@example.com` },
        from,
      );
      expect(response.status).toBe(201);
    }
    const limited = await apply(openJob, { bytes: testPdf() }, { email: "z@example.com" }, from);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(800);
    expect((await limited.json()).error.message).toBe(
      "Trop de tentatives depuis votre connexion. Veuillez réessayer dans 15 min.",
    );
    const elsewhere = await apply(openJob, { bytes: testPdf() }, { email: "y@example.com" });
    expect(elsewhere.status).toBe(201);
  });

  test("the page's form applies too, and goes back to the job", async () => {
    const response = await apply(
      openJob,
      { bytes: testPdf() },
      {},
      { path: `/jobs/${openJob}/apply` },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/jobs/${openJob}?applied`);
    const refused = await apply(
      openJob,
      { bytes: pngClaiming(4, 4) },
      { email: "b@example.com" },
      {
        path: `/jobs/${openJob}/apply`,
      },
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please upload a valid PDF file.");
  });

  test("a signed-in player's name and e-mail are filled in", async () => {
    const cookie = await signUpVerified(request, database.db, {
      name: "Jordan Lee",
      email: "jordan@example.com",
      address: "10.30.0.1",
    });
    const html = await (await request(`/jobs/${openJob}/apply`, { headers: { cookie } })).text();
    expect(inputTag(html, "fullName")).toContain('value="Jordan Lee"');
    expect(inputTag(html, "email")).toContain('value="jordan@example.com"');
  });
});

describe("no public address reaches a CV", () => {
  test("neither the upload paths, nor the API, nor the pages serve a stored CV", async () => {
    const pdf = testPdf();
    expect((await apply(openJob, { bytes: pdf })).status).toBe(201);
    const [row] = await database.db
      .select({ id: jobApplication.id, cvName: jobApplication.cvName })
      .from(jobApplication)
      .where(eq(jobApplication.jobId, openJob));
    const name = row?.cvName as string;
    const cookie = await signUpVerified(request, database.db, {
      name: "Marie Tremblay",
      email: "marie2@example.com",
      address: "10.30.0.2",
    });
    const paths = [
      `/uploads/${CV_FOLDER}/${name}`,
      `/uploads/avatars/${name}`,
      `/uploads/avatars/..%2F${CV_FOLDER}%2F${name}`,
      `/uploads/avatars/../${CV_FOLDER}/${name}`,
      `/${CV_FOLDER}/${name}`,
      `/${name}`,
      `/uploads/${name}`,
      `/.data/uploads/${CV_FOLDER}/${name}`,
      `/api/jobs/${openJob}/applications/${row?.id}`,
      `/api/jobs/${openJob}/applications`,
      `/jobs/${openJob}/applications/${row?.id}`,
      `/assets/${name}`,
    ];
    for (const target of paths) {
      for (const headers of [{}, { cookie }] as Record<string, string>[]) {
        const response = await request(target, { headers });
        const body = Buffer.from(await response.arrayBuffer());
        expect(response.status, target).not.toBe(200);
        expect(body.includes(Buffer.from("%PDF-")), target).toBe(false);
      }
    }
  });
});

/** The rendered <input> of a form field (with `value`, for checkboxes and radios). */
function inputTag(html: string, name: string, value?: string): string {
  const tags = html.match(/<input\b[^>]*>/g) ?? [];
  return (
    tags.find(
      (tag) =>
        tag.includes(`name="${name}"`) && (value === undefined || tag.includes(`value="${value}"`)),
    ) ?? ""
  );
}

describe("pages", () => {
  const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
    method: "POST",
    headers: {
      origin: TEST_BASE_URL,
      "content-type": "application/x-www-form-urlencoded",
      "x-real-ip": "10.40.0.1",
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });

  test("the list filters on the server and keeps the filters in the form", async () => {
    const html = await (
      await request("/jobs?keywords=PAYROLL&employerType=direct&posted=7")
    ).text();
    expect(html).toContain("Payroll Clerk");
    expect(inputTag(html, "keywords")).toContain('value="PAYROLL"');
    expect(inputTag(html, "employerType", "direct")).toContain("checked");
    expect(inputTag(html, "employerType", "other")).not.toContain("checked");
    expect(inputTag(html, "posted", "7")).toContain("checked");
    const none = await (await request("/fr/jobs?keywords=zzzz")).text();
    expect(none).toContain("Aucun emploi ne correspond à votre recherche.");
    const bad = await request("/jobs?page=99");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("This page of results does not exist.");
  });

  test("an open posting has Apply Now and JSON-LD; a closed one says so and has neither", async () => {
    const open = await (await request(`/jobs/${openJob}`)).text();
    expect(open).toContain(">Apply Now</a>");
    const ld = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(open)?.[1] ?? "null",
    );
    expect(ld).toMatchObject({
      "@type": "JobPosting",
      title: "Payroll Clerk",
      hiringOrganization: { "@type": "Organization", name: "Prairie Payroll" },
      jobLocation: {
        address: { addressLocality: "Winnipeg", addressRegion: "MB", addressCountry: "CA" },
      },
      baseSalary: { currency: "CAD", value: { minValue: 25, maxValue: 30, unitText: "HOUR" } },
      employmentType: "FULL_TIME",
      directApply: true,
      identifier: { "@type": "PropertyValue", name: "Prairie Payroll" },
    });
    expect(Object.keys(ld).sort()).toEqual(
      [
        "@context",
        "@type",
        "baseSalary",
        "datePosted",
        "description",
        "directApply",
        "employmentType",
        "hiringOrganization",
        "identifier",
        "jobLocation",
        "title",
        "validThrough",
      ].sort(),
    );
    expect(open).not.toContain("prairie-payroll.example");

    const closed = await (await request(`/jobs/${closedJob}`)).text();
    expect(closed).toContain(">This job no longer takes applications.</p>");
    expect(closed).not.toContain(">Apply Now</a>");
    expect(closed).not.toContain("application/ld+json");
    expect((await request("/jobs/abc")).status).toBe(404);
  });

  test("Save: a visitor goes to log in and comes back to a confirmation; only a POST saves", async () => {
    const visitor = await request(`/jobs/${openJob}`, form({ intent: "save" }));
    expect(visitor.status).toBe(302);
    const login = new URL(visitor.headers.get("location") ?? "", TEST_BASE_URL);
    expect(login.pathname).toBe("/login");
    expect(login.searchParams.get("redirectTo")).toBe(`/jobs/${openJob}?save`);
    const pending = visitor.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    expect(pending).toBe(`nearby-save-job=${openJob}`);

    const session = await signUpVerified(request, database.db, {
      name: "Avery Saves",
      email: "avery@example.com",
      address: "10.40.0.2",
    });
    const nothingSaved = async () =>
      expect(
        await (await request("/jobs/saved", { headers: { cookie: session } })).text(),
      ).toContain("You have not saved any job yet.");
    // Reading the page never saves: not a link's ?save, not the visitor's own cookie (which the
    // page used to act on), not both; the page asks, and its script confirms with a POST.
    const cookie = `${session}; ${pending}`;
    for (const [path, headers] of [
      [`/jobs/${openJob}?save`, { cookie: session }],
      [`/jobs/${openJob}`, { cookie }],
      [`/jobs/${openJob}?save`, { cookie }],
    ] as const) {
      const page = await request(path, { headers });
      expect(page.status).toBe(200);
      expect(page.headers.getSetCookie()).toEqual([]);
      const asks = (await page.text()).includes(
        '<p id="confirm-save" class="font-medium">Save Payroll Clerk to your saved jobs?</p>',
      );
      expect(asks).toBe(path.endsWith("?save"));
      await nothingSaved();
    }
    const french = await (
      await request(`/fr/jobs/${openJob}?save`, { headers: { cookie } })
    ).text();
    expect(french).toContain(
      "Enregistrer Commis à la paie dans vos emplois enregistrés\u202f?</p>",
    );

    for (let i = 0; i < 2; i += 1) {
      const back = await request(
        `/jobs/${openJob}`,
        form({ intent: "save", via: "fetch" }, { cookie }),
      );
      expect(back.status).toBe(302);
      expect(back.headers.get("location")).toBe(`/jobs/${openJob}?saved`);
      expect(back.headers.getSetCookie().join()).toMatch(/nearby-save-job=; .*Max-Age=0/);
    }
    const saved = await (await request("/jobs/saved", { headers: { cookie: session } })).text();
    expect(saved.match(/>Payroll Clerk<\/a>/g)).toHaveLength(1);
    const page = await (await request(`/jobs/${openJob}`, { headers: { cookie: session } })).text();
    expect(page).toContain("Remove from saved jobs");

    const removed = await request(
      "/jobs/saved",
      form({ jobId: String(openJob) }, { cookie: session }),
    );
    expect(removed.status).toBe(302);
    expect(await (await request("/jobs/saved", { headers: { cookie: session } })).text()).toContain(
      "You have not saved any job yet.",
    );
    expect((await request("/jobs/saved")).headers.get("location")).toBe(
      "/login?redirectTo=%2Fjobs%2Fsaved",
    );
  });

  test("Report this job stores the report for review", async () => {
    const sent = await request(
      `/jobs/${openJob}/report`,
      form({ reason: "scam", details: "Asks for a fee." }),
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/jobs/${openJob}?reported`);
    const { rows } = await database.db.execute(sql`select job_id, reason, details from job_report`);
    expect(rows).toEqual([{ job_id: openJob, reason: "scam", details: "Asks for a fee." }]);
    const refused = await request(`/jobs/${openJob}/report`, form({ reason: "boring" }));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please choose a reason.");
  });

  test("behind HTTPS (BASE_URL https), the app's own cookies are Secure too", async () => {
    const secure = await createTestHost(database.db, { baseUrl: "https://jobs.example" });
    // Without an Origin (as an older browser sends a form), so the request's own address, plain
    // HTTP as a proxy in front forwards it, does not matter.
    const saved = await secure(`/jobs/${openJob}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=save",
    });
    expect(saved.status).toBe(302);
    const [cookie] = saved.headers.getSetCookie();
    expect(cookie).toMatch(/^nearby-save-job=/);
    expect(cookie).toMatch(/;\s*Secure\b/i);
  });

  test("one report per visitor's address and job: a repeat says so and stores nothing", async () => {
    const send = (address: string, path = `/jobs/${openJob}/report`) =>
      request(path, form({ reason: "closed", details: "" }, { "x-real-ip": address }));
    expect((await send("10.41.0.1")).status).toBe(302);
    const again = await send("10.41.0.1");
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("You already reported this job.");
    const enFrancais = await send("10.41.0.1", `/fr/jobs/${openJob}/report`);
    expect(enFrancais.status).toBe(409);
    expect(await enFrancais.text()).toContain("Vous avez déjà signalé cette offre.");
    expect((await send("10.41.0.2")).status).toBe(302);
    const { rows } = await database.db.execute(
      sql`select reporter from job_report where reporter like ${"address:%"}`,
    );
    // The earlier test's report from 10.40.0.1, and one from each of these two addresses.
    expect(rows).toHaveLength(3);
    // Only a hash of the address is kept.
    expect(JSON.stringify(rows)).not.toContain("10.41.0");
  });

  test("Create Job Alert: a confirmation mail, a page that asks before confirming, one-click unsubscribe", async () => {
    const created = await request(
      "/fr/jobs/alerts/new?keywords=paie",
      form({ email: "lee@example.com", keywords: "paie", location: "", workSetting: "remote" }),
    );
    expect(created.status).toBe(200);
    expect(await created.text()).toContain("nous vous avons envoyé un lien pour confirmer");
    const { rows } = await database.db.execute<{ token: string; filters: unknown }>(
      sql`select token, filters from job_alert`,
    );
    const token = rows[0]?.token as string;
    expect(rows[0]?.filters).toEqual({
      keywords: "paie",
      location: "",
      employerTypes: [],
      workSettings: ["remote"],
    });
    const [confirmation] = await database.db.select().from(outboxEmail);
    expect(confirmation?.text).toContain(`/fr/jobs/alerts/confirm?token=${token}`);

    const page = await request(`/fr/jobs/alerts/confirm?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const confirmedAt = () => database.db.execute(sql`select confirmed_at from job_alert`);
    expect((await confirmedAt()).rows[0]?.confirmed_at).toBeNull();
    const confirm = await request("/fr/jobs/alerts/confirm", form({ token }));
    expect(await confirm.text()).toContain("Votre alerte emploi est confirmée.");
    expect((await confirmedAt()).rows[0]?.confirmed_at).not.toBeNull();

    const gone = await request(`/fr/jobs/alerts/unsubscribe?token=${token}`);
    expect(gone.status).toBe(200);
    expect(await gone.text()).toContain(
      "C’est fait. Cette alerte emploi ne vous enverra plus de courriels.",
    );
    expect((await request(`/jobs/alerts/unsubscribe?token=${token}`)).status).toBe(404);
    expect((await request("/jobs/alerts/confirm?token=nope")).status).toBe(404);

    // A mail program's one-click unsubscribe (RFC 8058): a POST from its own server, no Origin.
    await request("/jobs/alerts/new", form({ email: "kim@example.com", keywords: "paie" }));
    const { rows: kims } = await database.db.execute<{ token: string }>(
      sql`select token from job_alert where email = 'kim@example.com'`,
    );
    const kim = kims[0]?.token as string;
    const oneClick = await request(`/jobs/alerts/unsubscribe?token=${kim}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    const { rows: left } = await database.db.execute(
      sql`select 1 from job_alert where email = 'kim@example.com'`,
    );
    expect(left).toEqual([]);
    for (const path of ["/jobs/alerts/confirm?token=%00", "/jobs/alerts/unsubscribe?token=a%00b"])
      expect((await request(path)).status, path).toBe(404);
  });

  test("Create Job Alert keeps the frequency chosen; one it does not offer is refused, nothing stored", async () => {
    const frequencyOf = async (email: string) =>
      (
        await database.db.execute<{ frequency: string }>(
          sql`select frequency from job_alert where email = ${email}`,
        )
      ).rows.map((row) => row.frequency);
    const send = (fields: Record<string, string>) =>
      request("/fr/jobs/alerts/new", form(fields, { "x-real-ip": "10.40.8.1" }));
    expect((await send({ email: "ana@example.com", frequency: "instant" })).status).toBe(200);
    expect(await frequencyOf("ana@example.com")).toEqual(["instant"]);
    const refused = await send({ email: "ben@example.com", frequency: "hourly" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Choisissez une fois par jour ou tout de suite.");
    expect(await frequencyOf("ben@example.com")).toEqual([]);
  });

  test("no job alert for a child: a signed-in child is told, a child's address typed by anyone gets nothing", async () => {
    const child = await signUpVerified(request, database.db, {
      name: "Lea Child",
      email: "lea.child@example.com",
      address: "10.40.9.1",
      age: 11,
    });
    const refused = await request(
      "/jobs/alerts/new",
      form(
        { email: "lea.child@example.com", keywords: "paie" },
        { cookie: child, "x-real-ip": "10.40.9.2" },
      ),
    );
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Job alerts are not available for your account.");
    const typed = await request(
      "/jobs/alerts/new",
      form({ email: "LEA.CHILD@example.com", keywords: "paie" }, { "x-real-ip": "10.40.9.3" }),
    );
    expect(typed.status).toBe(200);
    expect(await typed.text()).toContain("Check your email");
    const { rows } = await database.db.execute(
      sql`select 1 from job_alert where lower(email) = 'lea.child@example.com'`,
    );
    expect(rows).toEqual([]);
    const mails = await database.db.execute(
      sql`select 1 from outbox_email where lower("to") = 'lea.child@example.com' and subject ilike '%alert%'`,
    );
    expect(mails.rows).toEqual([]);
  });

  test("alert sign-ups are limited per client address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await request(
        "/jobs/alerts/new",
        form({ email: `x${i}@example.com` }, { "x-real-ip": "10.41.0.1" }),
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  test("a report page past its limit: 429 with Retry-After, in the page's language, refused input counted", async () => {
    const send = (fields: Record<string, string>) =>
      request(`/fr/jobs/${openJob}/report`, form(fields, { "x-real-ip": "10.42.0.1" }));
    // Refused reports count as well: probing the form costs the same as sending it.
    for (let i = 0; i < LIMITS.report.max; i += 1)
      expect((await send({ reason: "nope" })).status).toBe(400);
    const refused = await send({ reason: "closed", details: "" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Trop de tentatives depuis votre connexion.");
  });
});
