import { postSlugsAfter } from "../../blog/posts.server.ts";
import type { Db } from "../../db/client.server.ts";
import { businessIdsBetween, lastBusinessId } from "../../directory/businesses.server.ts";
import { type Locale, localizedPath } from "../../i18n/locale.ts";
import { jobIdsBetween, lastJobId } from "../../jobs/jobs.server.ts";
import {
  idParts,
  idsOfPart,
  SITEMAP_BATCH,
  SITEMAP_MAX_URLS,
} from "../../platform/sitemap.server.ts";
import { SITE_PAGES } from "../../site-pages/slugs.ts";

/** Each language's sitemaps: its pages (home, lists, footer pages, blog posts), then by id. */
export const SITEMAP_LANGUAGES: Record<string, Locale> = { en: "en-CA", fr: "fr-CA" };

const LISTS = ["/", "/businesses", "/jobs", "/blogs", "/shop", "/pricing"];

type Part = { kind: "pages" } | { kind: "businesses" | "jobs"; part: number };

const BY_ID = {
  businesses: { last: lastBusinessId, between: businessIdsBetween, path: "/businesses" },
  jobs: { last: lastJobId, between: jobIdsBetween, path: "/jobs" },
} as const;

/** The file names of one language's sitemaps: `en-pages.xml`, `en-businesses-1.xml`… */
export async function sitemapNames(db: Db, language: string): Promise<string[]> {
  const [businesses, jobs] = await Promise.all([lastBusinessId(db), lastJobId(db)]);
  const numbered = (kind: string, parts: number) =>
    Array.from({ length: parts }, (_, index) => `${language}-${kind}-${index + 1}.xml`);
  return [
    `${language}-pages.xml`,
    ...numbered("businesses", idParts(businesses)),
    ...numbered("jobs", idParts(jobs)),
  ];
}

/** What a sitemap file name asks for, or null for a name that is not one. */
export function parseSitemapName(name: string): { locale: Locale; part: Part } | null {
  const match = /^(en|fr)-(pages|businesses-([1-9]\d{0,4})|jobs-([1-9]\d{0,4}))\.xml$/.exec(name);
  const locale = match && SITEMAP_LANGUAGES[match[1] as string];
  if (!match || !locale) return null;
  if (match[2] === "pages") return { locale, part: { kind: "pages" } };
  const kind = match[3] ? "businesses" : "jobs";
  return { locale, part: { kind, part: Number(match[3] ?? match[4]) } };
}

/** The absolute addresses of one sitemap, in batches read as the answer is sent. */
export async function* sitemapUrls(
  db: Db,
  baseUrl: string,
  locale: Locale,
  part: Part,
): AsyncGenerator<string[]> {
  const url = (path: string) => `${baseUrl}${localizedPath(path, locale)}`;
  if (part.kind === "pages") {
    const fixed = [...LISTS, ...SITE_PAGES.map((slug) => `/${slug}`)].map(url);
    yield fixed;
    let room = SITEMAP_MAX_URLS - fixed.length;
    let after = 0;
    while (room > 0) {
      const posts = await postSlugsAfter(db, locale, after, Math.min(SITEMAP_BATCH, room));
      if (posts.length === 0) return;
      yield posts.map((post) => url(`/blogs/${post.slug}`));
      room -= posts.length;
      after = (posts.at(-1) as { id: number }).id;
    }
    return;
  }
  const { between, path } = BY_ID[part.kind];
  for await (const ids of idsOfPart(part.part, (afterId, upTo, limit) =>
    between(db, afterId, upTo, limit),
  )) {
    yield ids.map((id) => url(`${path}/${id}`));
  }
}
