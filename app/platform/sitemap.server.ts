import { and, asc, gt, lte, max, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client.server.ts";
import { escapeHtml } from "./text.ts";

/** The sitemap protocol's limit of addresses per file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Addresses read from the database per query while a sitemap streams. */
export const SITEMAP_BATCH = 5_000;

/** The highest value of an integer primary key, 0 for an empty table: a sitemap covers 1 to it. */
export async function lastId(db: Db | Tx, id: PgColumn): Promise<number> {
  const [row] = await db.select({ last: max(id) }).from(id.table);
  return Number(row?.last ?? 0);
}

/** A page of a sitemap: its key, and when its row last changed (`lastmod`). */
export type SitemapRow = { id: number; lastmod: Date };

/**
 * The rows after `afterId` and up to `upToId`, in key order, `limit` at a time: keyset pages on
 * the primary key, each as quick at the millionth row as at the first. `listed` keeps out rows
 * that have no page worth listing (a closed job); `lastmod` is the row's time of last change.
 */
export async function rowsBetween(
  db: Db | Tx,
  columns: { id: PgColumn; lastmod: PgColumn; listed?: SQL },
  afterId: number,
  upToId: number,
  limit: number,
): Promise<SitemapRow[]> {
  const { id, lastmod, listed } = columns;
  const rows = await db
    .select({ id, lastmod })
    .from(id.table)
    .where(and(gt(id, afterId), lte(id, upToId), listed))
    .orderBy(asc(id))
    .limit(limit);
  return rows.map((row) => ({ id: Number(row.id), lastmod: row.lastmod as Date }));
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/**
 * Sends XML as it is made: each chunk of the generator is written when the client is ready for
 * it, so a sitemap of 50,000 addresses never sits whole in memory. gzip is applied by a stream as
 * well when the client takes it (the host's one-call compression would gather the whole answer);
 * otherwise `no-transform` tells the host to leave it as it is.
 */
export function streamXml(request: Request, chunks: AsyncIterable<string>): Response {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  const xml = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  const headers = new Headers({
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": "public, max-age=3600, no-transform",
    Vary: "Accept-Encoding",
  });
  if (/\bgzip\b/i.test(request.headers.get("accept-encoding") ?? "")) {
    headers.set("Content-Encoding", "gzip");
    const gzip = new CompressionStream("gzip") as unknown as ReadableWritablePair<
      Uint8Array<ArrayBuffer>,
      Uint8Array
    >;
    return new Response(xml.pipeThrough(gzip), { headers });
  }
  return new Response(xml, { headers });
}

/** One address of a sitemap, with the time its page last changed when that is known. */
export type SitemapUrl = { loc: string; lastmod?: Date };

/** A `<urlset>` of absolute addresses, read batch by batch from `batches`. */
export async function* urlSet(batches: AsyncIterable<SitemapUrl[]>): AsyncGenerator<string> {
  yield `${XML_HEAD}<urlset ${NAMESPACE}>\n`;
  for await (const urls of batches) {
    yield urls
      .map(({ loc, lastmod }) => {
        const changed = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
        return `<url><loc>${escapeHtml(loc)}</loc>${changed}</url>\n`;
      })
      .join("");
  }
  yield "</urlset>\n";
}

/** A `<sitemapindex>` naming each sitemap by its absolute address. */
export async function* sitemapIndex(sitemaps: string[]): AsyncGenerator<string> {
  yield `${XML_HEAD}<sitemapindex ${NAMESPACE}>\n`;
  yield sitemaps.map((url) => `<sitemap><loc>${escapeHtml(url)}</loc></sitemap>\n`).join("");
  yield "</sitemapindex>\n";
}

/**
 * Ids from 1 to `lastId` split into sitemaps of SITEMAP_MAX_URLS consecutive ids: part `n` (from
 * 1) covers ids after `(n - 1) * max` up to `n * max`, so no part can exceed the limit and none
 * needs to count or skip rows to know where it starts.
 */
export function idParts(lastId: number): number {
  return Math.ceil(lastId / SITEMAP_MAX_URLS);
}

/** The rows of part `n`, by keyset pages of SITEMAP_BATCH read through `between`. */
export async function* rowsOfPart(
  part: number,
  between: (afterId: number, upToId: number, limit: number) => Promise<SitemapRow[]>,
): AsyncGenerator<SitemapRow[]> {
  const upTo = part * SITEMAP_MAX_URLS;
  let after = (part - 1) * SITEMAP_MAX_URLS;
  while (after < upTo) {
    const rows = await between(after, upTo, SITEMAP_BATCH);
    if (rows.length === 0) return;
    yield rows;
    after = (rows.at(-1) as SitemapRow).id;
  }
}
