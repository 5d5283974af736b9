import { baseUrlContext } from "../../platform/context.ts";
import type { Route } from "./+types/robots";

/** /robots.txt: everything public may be crawled; the API and players' own pages are not pages to index. */
export function loader({ context }: Route.LoaderArgs) {
  const baseUrl = context.get(baseUrlContext);
  const lines = [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /profile",
    "Disallow: /fr/profile",
    "Disallow: /dev/",
    "",
    `Sitemap: ${baseUrl}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
