import fs from "node:fs/promises";
import path from "node:path";
import type { Database } from "../db/client.server.ts";
import { job } from "../db/schema/jobs.ts";
import { type JobFile, jobFileSchema, postingFromSeed } from "./content.ts";
import { type Posting, postingSchema } from "./posting.ts";
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

/** The row of a posting that passed postingSchema, with its search columns. */
export function jobRow(posting: Posting) {
  const { pay, open, ...rest } = posting;
  return {
    ...rest,
    payMinCents: pay.minCents,
    payMaxCents: pay.maxCents,
    payPeriod: pay.period,
    isOpen: open,
    searchText: keywordColumn(posting),
    searchLocation: locationColumn(posting),
  };
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
  if (postings.length === 0) return 0;
  const added = await db
    .insert(job)
    .values(postings.map(jobRow))
    .onConflictDoNothing({ target: job.reference })
    .returning({ id: job.id });
  return added.length;
}
