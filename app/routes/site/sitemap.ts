import { baseUrlContext, databaseContext } from "../../platform/context.ts";
import { sitemapIndex, streamXml } from "../../platform/sitemap.server.ts";
import type { Route } from "./+types/sitemap";
import { SITEMAP_LANGUAGES, sitemapNames } from "./sitemaps.server.ts";

/** /sitemap.xml: the index of every language's sitemaps, with addresses from BASE_URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const baseUrl = context.get(baseUrlContext);
  const names = (
    await Promise.all(Object.keys(SITEMAP_LANGUAGES).map((language) => sitemapNames(db, language)))
  ).flat();
  return streamXml(request, sitemapIndex(names.map((name) => `${baseUrl}/sitemaps/${name}`)));
}
