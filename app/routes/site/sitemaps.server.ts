import { postSlugsAfter } from "../../blog/posts.server.ts";
import type { Db } from "../../db/client.server.ts";
import { businessRowsBetween, lastBusinessId } from "../../directory/businesses.server.ts";
import { type Locale, localizedPath } from "../../i18n/locale.ts";
import { jobRowsBetween, lastJobId } from "../../jobs/jobs.server.ts";
import {
  idParts,
  rowsOfPart,
  SITEMAP_BATCH,
  SITEMAP_MAX_URLS,
  type SitemapUrl,
} from "../../platform/sitemap.server.ts";
import { lastProductId, productRowsBetween } from "../../shop/products.server.ts";
import { SITE_PAGES } from "../../site-pages/slugs.ts";

/** Each language's sitemaps: its pages (home, lists, footer pages, blog posts), then by id. */
export const SITEMAP_LANGUAGES: Record<string, Locale> = { en: "en-CA", fr: "fr-CA" };

const LISTS = ["/", "/businesses", "/jobs", "/jobs/fraud-policy", "/blogs", "/shop", "/pricing"];

const BY_ID = {
  businesses: { last: lastBusinessId, between: businessRowsBetween, path: "/businesses" },
  jobs: { last: lastJobId, between: jobRowsBetween, path: "/jobs" },
  products: { last: lastProductId, between: productRowsBetween, path: "/shop" },
} as const;

type ById = keyof typeof BY_ID;
const BY_ID_KINDS = Object.keys(BY_ID) as ById[];

type Part = { kind: "pages" } | { kind: ById; part: number };

/** The file names of one language's sitemaps: `en-pages.xml`, `en-businesses-1.xml`… */
export async function sitemapNames(db: Db, language: string): Promise<string[]> {
  const lastIds = await Promise.all(BY_ID_KINDS.map((kind) => BY_ID[kind].last(db)));
  return [
    `${language}-pages.xml`,
    ...BY_ID_KINDS.flatMap((kind, index) =>
      Array.from(
        { length: idParts(lastIds[index] as number) },
        (_, part) => `${language}-${kind}-${part + 1}.xml`,
      ),
    ),
  ];
}

const SITEMAP_NAME = new RegExp(
  `^(en|fr)-(?:(pages)|(${BY_ID_KINDS.join("|")})-([1-9]\\d{0,4}))\\.xml$`,
);

/** What a sitemap file name asks for, or null for a name that is not one. */
export function parseSitemapName(name: string): { locale: Locale; part: Part } | null {
  const match = SITEMAP_NAME.exec(name);
  const locale = match && SITEMAP_LANGUAGES[match[1] as string];
  if (!match || !locale) return null;
  if (match[2]) return { locale, part: { kind: "pages" } };
  return { locale, part: { kind: match[3] as ById, part: Number(match[4]) } };
}

/** The absolute addresses of one sitemap, in batches read as the answer is sent. */
export async function* sitemapUrls(
  db: Db,
  baseUrl: string,
  locale: Locale,
  part: Part,
): AsyncGenerator<SitemapUrl[]> {
  const url = (path: string) => `${baseUrl}${localizedPath(path, locale)}`;
  if (part.kind === "pages") {
    const fixed = [...LISTS, ...SITE_PAGES.map((slug) => `/${slug}`)].map((path) => ({
      loc: url(path),
    }));
    yield fixed;
    let room = SITEMAP_MAX_URLS - fixed.length;
    let after = 0;
    while (room > 0) {
      const posts = await postSlugsAfter(db, locale, after, Math.min(SITEMAP_BATCH, room));
      if (posts.length === 0) return;
      yield posts.map((post) => ({ loc: url(`/blogs/${post.slug}`), lastmod: post.updatedAt }));
      room -= posts.length;
      after = (posts.at(-1) as { id: number }).id;
    }
    return;
  }
  const { between, path } = BY_ID[part.kind];
  for await (const rows of rowsOfPart(part.part, (afterId, upTo, limit) =>
    between(db, afterId, upTo, limit),
  )) {
    yield rows.map((row) => ({ loc: url(`${path}/${row.id}`), lastmod: row.lastmod }));
  }
}
