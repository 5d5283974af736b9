import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUpVerified } from "../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { user } from "../../db/schema/accounts.ts";
import { businessClaim, businessOwner } from "../../db/schema/directory.ts";
import { auditEvent } from "../../db/schema/platform.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { seedRestaurants } from "../../directory/test-fixtures.ts";
import { createLocalStorage } from "../../platform/storage.server.ts";
import { createTestHost, TEST_BASE_URL } from "../../platform/test-host.server.ts";
import { testPhoto } from "../../platform/test-images.ts";
import { testCvCorpus, testPdf } from "../../platform/test-pdfs.ts";

// A claim by document through the built site (issue 26): the upload's checks, the private folder,
// the staff-only download and its audit row, and the decision that deletes the document.

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
const storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "claims-")));
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let businesses = new Map<string, number>();

async function member(name: string, role: "player" | "moderator", twoFactor = false) {
  const email = `${name}@example.com`;
  cookies[name] = await signUpVerified(request, database.db, {
    name: `${name[0]?.toUpperCase()}${name.slice(1)} Tester`,
    email,
    address: `10.40.${Object.keys(cookies).length}.1`,
  });
  const [row] = await database.db
    .update(user)
    .set({ role, twoFactorEnabled: twoFactor, age: 30 })
    .where(eq(user.email, email))
    .returning({ id: user.id });
  ids[name] = row?.id as string;
}

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db, {
    storage,
    clientIpHeader: "x-real-ip",
    maxBodyBytes: 8 * 1024 * 1024,
  });
  businesses = await seedRestaurants(database.db, ["by-document", "refusals", "owned"]);
  await member("paula", "player");
  await member("rita", "player");
  await member("ivan", "player");
  await member("maude", "moderator", true);
  await member("mo", "moderator", false);
  await database.db
    .insert(businessOwner)
    .values({ businessId: businesses.get("owned") ?? 0, userId: ids.rita ?? "", via: "code" });
});

afterAll(() => database?.close());

const get = (who: string | null, address: string) =>
  request(address, { redirect: "manual", headers: { cookie: who ? (cookies[who] ?? "") : "" } });

function sendDocument(who: string, slug: string, file: Blob, note = "Our business licence") {
  const form = new FormData();
  form.set("intent", "document");
  form.set("note", note);
  form.set("document", file, "document.bin");
  return request(`/businesses/${businesses.get(slug)}/claim`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: TEST_BASE_URL, cookie: cookies[who] ?? "", "x-real-ip": "10.41.0.1" },
    body: form,
  });
}

const claimsOf = (slug: string) =>
  database.db
    .select()
    .from(businessClaim)
    .where(
      and(
        eq(businessClaim.businessId, businesses.get(slug) ?? 0),
        eq(businessClaim.source, "document"),
      ),
    );

describe("sending a document", () => {
  test("wrong type, too large, active or damaged PDFs, no note: refused, nothing kept; then throttled", async () => {
    const corpus = await testCvCorpus();
    const refusals: [Blob, number, string?][] = [
      // A web page named like a PDF and declared as one: the bytes decide.
      [new Blob(["<html><script>alert(1)</script></html>"], { type: "application/pdf" }), 415],
      [new Blob([new Uint8Array(corpus.openActionJavaScript)], { type: "application/pdf" }), 415],
      [new Blob([new Uint8Array(corpus.truncated)], { type: "application/pdf" }), 415],
      [new Blob([new Uint8Array(testPdf(6 * 1024 * 1024))], { type: "application/pdf" }), 400],
      [new Blob([new Uint8Array(testPdf())], { type: "application/pdf" }), 400, " "],
    ];
    for (const [file, status, note] of refusals) {
      const answer = await sendDocument("ivan", "refusals", file, note);
      expect(answer.status).toBe(status);
    }
    expect(await claimsOf("refusals")).toEqual([]);
    expect(await storage.list("claims")).toEqual([]);
    // The three refused files counted: a fourth document that day is throttled.
    const throttled = await sendDocument("ivan", "refusals", new Blob([new Uint8Array(testPdf())]));
    expect(throttled.status).toBe(429);
    expect(await throttled.text()).toContain("You sent several documents already");
  });

  test("a claimed business is refused with the existing message, before any file is kept", async () => {
    const answer = await sendDocument("paula", "owned", new Blob([new Uint8Array(testPdf())]));
    expect(answer.status).toBe(409);
    expect(await answer.text()).toContain("Someone has claimed this business already");
    expect(await claimsOf("owned")).toEqual([]);
  });

  test("a picture is kept re-encoded as a JPEG; one open claim per player and business", async () => {
    const png = await testPhoto(1200, 800, "png");
    const answer = await sendDocument("rita", "refusals", new Blob([new Uint8Array(png)]));
    expect(answer.status).toBe(200);
    const [claim] = await claimsOf("refusals");
    expect(claim?.document).toMatch(/^[a-f0-9]{32}\.jpg$/);
    const stored = await storage.read("claims", claim?.document ?? "");
    expect(stored?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const again = await sendDocument("rita", "refusals", new Blob([new Uint8Array(png)]));
    expect(again.status).toBe(409);
    expect(await claimsOf("refusals")).toHaveLength(1);
  });
});

describe("the document, from the claim to the decision", () => {
  test("kept privately, opened by two-factor staff only (each opening audited), deleted once approved", async () => {
    const pdf = testPdf();
    const sent = await sendDocument("paula", "by-document", new Blob([new Uint8Array(pdf)]));
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("Our staff have your document");
    const [claim] = await claimsOf("by-document");
    expect(claim).toMatchObject({ status: "open", note: "Our business licence" });
    const name = claim?.document ?? "";
    expect(await storage.read("claims", name)).toEqual(pdf);
    expect((await get(null, `/uploads/claims/${name}`)).status).toBe(404);

    const address = `/staff/claims/${claim?.id}/document`;
    for (const who of [null, "paula", "mo"]) expect((await get(who, address)).status).toBe(404);
    const opened = await get("maude", address);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-type")).toBe("application/pdf");
    expect(opened.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(opened.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await opened.arrayBuffer())).toEqual(pdf);
    const audits = await database.db
      .select()
      .from(auditEvent)
      .where(eq(auditEvent.action, "claim.document_open"));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: ids.maude, targetId: String(claim?.id) });

    const page = await get("maude", `/staff/claims/${claim?.id}`);
    expect(await page.text()).toContain("Our business licence");
    const approved = await request(`/staff/claims/${claim?.id}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: TEST_BASE_URL,
        "content-type": "application/x-www-form-urlencoded",
        cookie: cookies.maude ?? "",
      },
      body: "intent=approve",
    });
    expect(approved.status).toBe(200);
    const owners = await database.db
      .select({ userId: businessOwner.userId })
      .from(businessOwner)
      .where(eq(businessOwner.businessId, businesses.get("by-document") ?? 0));
    expect(owners).toEqual([{ userId: ids.paula }]);
    expect(await storage.read("claims", name)).toBeNull();
    expect((await get("maude", address)).status).toBe(404);
  });
});
