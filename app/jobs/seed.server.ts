import fs from "node:fs/promises";
import path from "node:path";
import type { Database, Db, Tx } from "../db/client.server.ts";
import { job, jobText, type PostingStatus } from "../db/schema/jobs.ts";
import { type JobFile, jobFileSchema, postingFromSeed } from "./content.ts";
import { type Posting, postingSchema } from "./posting-schema.ts";
import { keywordColumn, locationColumn } from "./search-text.ts";

/** Reads and checks every `content/jobs/*.json` file; a bad file stops with its name. */
export async function readJobContent(contentDir: string): Promise<JobFile[]> {
  const folder = path.join(contentDir, "jobs");
  const names = (await fs.readdir(folder)).filter((name) => name.endsWith(".json")).sort();
  return Promise.all(
    names.map(async (name) => {
      const parsed = jobFileSchema.safeParse(
        JSON.parse(await fs.readFile(path.join(folder, name), "utf8")),
      );
      if (!parsed.success) throw new Error(`${name}: ${describeIssues(parsed.error)}`);
      return parsed.data;
    }),
  );
}

function describeIssues(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ");
}

/**
 * The row of a posting that passed postingSchema, with its search columns. A seed posting is
 * published, or closed when its file says it no longer takes applications; an employer's has the
 * status its moves gave it.
 */
export function jobRow(
  posting: Posting,
  status: PostingStatus = posting.open ? "published" : "closed",
) {
  const { pay, open: _, overview, skills, description, ...rest } = posting;
  return {
    ...rest,
    payMinCents: pay.minCents,
    payMaxCents: pay.maxCents,
    payPeriod: pay.period,
    status,
    isOpen: status === "published",
    searchText: keywordColumn(posting),
    searchLocation: locationColumn(posting),
  };
}

/**
 * Stores postings that passed postingSchema, and their texts, skipping references already there;
 * returns the new rows' ids in the postings' order.
 */
export async function insertPostings(db: Db | Tx, postings: Posting[]): Promise<number[]> {
  if (postings.length === 0) return [];
  const added = await db
    .insert(job)
    .values(postings.map((posting) => jobRow(posting)))
    .onConflictDoNothing({ target: job.reference })
    .returning({ id: job.id, reference: job.reference });
  const ids = new Map(added.map((row) => [row.reference, row.id]));
  const texts = postings.flatMap((posting) => {
    const jobId = ids.get(posting.reference);
    if (jobId === undefined) return [];
    const { overview, skills, description } = posting;
    return [{ jobId, overview, skills, description }];
  });
  if (texts.length > 0) await db.insert(jobText).values(texts);
  return postings.flatMap((posting) => {
    const id = ids.get(posting.reference);
    return id === undefined ? [] : [id];
  });
}

/**
 * Checks every posting with postingSchema (the pay-transparency rules included), then adds those
 * whose reference is not there yet, with times counted back from `now`. Postings already present
 * are left as they are, so running it twice changes nothing.
 */
export async function seedJobs(db: Database, files: JobFile[], now = new Date()): Promise<number> {
  const postings = files.flatMap((file) =>
    file.postings.map((seed) => {
      const parsed = postingSchema.safeParse(postingFromSeed(seed, now));
      if (!parsed.success)
        throw new Error(`job ${String(seed.reference)}: ${describeIssues(parsed.error)}`);
      return parsed.data;
    }),
  );
  return db.transaction(async (tx) => (await insertPostings(tx, postings)).length);
}
