import type { Page } from "@playwright/test";
import type pg from "pg";
import { employerPostingFixture } from "../../app/jobs/test-fixtures.server.ts";

/**
 * An employer of the test's own, written straight to the site's database: verified unless asked
 * (its postings publish at once), or waiting for staff (its postings are held for them).
 */
export async function insertEmployer(
  site: pg.Pool,
  name: string,
  { verified = true }: { verified?: boolean } = {},
): Promise<number> {
  const { rows } = await site.query<{ id: number }>(
    `insert into employer (name, description, province, contact_email, verified_at)
     values ($1, '{"en-CA": "We build bridges."}', 'ON', 'hiring@example.test',
             case when $2 then now() end)
     returning id`,
    [name, verified],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error("no employer inserted");
  return id;
}

/** The next closing date the form accepts: about a month ahead. */
export const closesOn = new Date(Date.now() + 30 * 24 * 3_600_000).toISOString().slice(0, 10);

/**
 * A member of `employerId` (the page's signed-in player) publishes a posting titled `title` in
 * both languages through `POST /api/employer/jobs`, the form's rules and service: published at
 * once for a verified employer, held for staff otherwise. Returns its id and status.
 */
export async function publishThroughApi(
  page: Page,
  baseURL: string,
  employerId: number,
  title: { "en-CA": string; "fr-CA": string },
): Promise<{ id: number; status: string }> {
  const response = await page.request.post("/api/employer/jobs", {
    headers: { origin: new URL(baseURL).origin },
    data: { ...employerPostingFixture({ title, closesOn }), employerId, publish: true },
  });
  if (response.status() !== 201) {
    throw new Error(`POST /api/employer/jobs: ${response.status()} ${await response.text()}`);
  }
  return response.json();
}
