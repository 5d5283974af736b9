import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { Locale } from "../i18n/locale.ts";
import { SITE_PAGES, type SitePageSlug } from "./slugs.ts";

const localizedPage = z.object({
  title: z.string().min(1),
  summary: z.string().min(1).max(160),
  sections: z
    .array(z.object({ heading: z.string().min(1), paragraphs: z.array(z.string().min(1)).min(1) }))
    .min(1),
});

export const sitePageSchema = z.object({
  slug: z.enum(SITE_PAGES),
  "en-CA": localizedPage,
  "fr-CA": localizedPage,
});

export type SitePage = z.infer<typeof localizedPage>;

export async function readSitePage(
  contentDir: string,
  slug: SitePageSlug,
  locale: Locale,
): Promise<SitePage> {
  const file = path.join(contentDir, "pages", `${slug}.json`);
  const page = sitePageSchema.parse(JSON.parse(await fs.readFile(file, "utf8")));
  return page[locale];
}
