import { z } from "zod";
import type { PostingInput } from "./posting-schema.ts";

/**
 * The shape of `content/jobs/<region>.json` (content/README.md). Times are relative to the
 * seeding, so the demo always has postings from today, this week and the last five weeks; the
 * rest of a posting is checked by postingSchema once the times are known.
 */
const jobSeedSchema = z
  .object({
    logo: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    postedHoursAgo: z
      .number()
      .min(0)
      .max(35 * 24),
    updatedHoursAgo: z.number().min(0),
    closesInDays: z.number().int(),
  })
  .loose();

export const jobFileSchema = z.object({ postings: z.array(jobSeedSchema).min(1) });

export type JobFile = z.infer<typeof jobFileSchema>;

const HOUR = 3_600_000;

/** A seed posting with its times fixed against `now`, ready for postingSchema. */
export function postingFromSeed(seed: JobFile["postings"][number], now: Date): PostingInput {
  const { logo, postedHoursAgo, updatedHoursAgo, closesInDays, ...rest } = seed;
  return {
    ...(rest as Omit<PostingInput, "companyLogo" | "postedAt" | "updatedAt" | "closesAt">),
    companyLogo: `/images/jobs/logos/${logo}.svg`,
    postedAt: new Date(now.getTime() - postedHoursAgo * HOUR),
    updatedAt: new Date(now.getTime() - updatedHoursAgo * HOUR),
    closesAt: new Date(now.getTime() + closesInDays * 24 * HOUR),
  };
}
