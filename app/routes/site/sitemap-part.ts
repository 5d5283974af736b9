import { baseUrlContext, databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { streamXml, urlSet } from "../../platform/sitemap.server.ts";
import type { Route } from "./+types/sitemap-part";
import { parseSitemapName, sitemapUrls } from "./sitemaps.server.ts";

/** /sitemaps/{language}-{part}.xml: at most 50,000 addresses, streamed from keyset pages. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const wanted = parseSitemapName(params.name);
  if (!wanted) throw new AppError("not_found");
  const db = context.get(databaseContext);
  const baseUrl = context.get(baseUrlContext);
  return streamXml(request, urlSet(sitemapUrls(db, baseUrl, wanted.locale, wanted.part)));
}
