import { atomFeed } from "../../blog/feed.server.ts";
import { latestPosts } from "../../blog/posts.server.ts";
import { BLOG_FEED_TYPE } from "../../blog/types.ts";
import { localeFromPath } from "../../i18n/locale.ts";
import { serverT } from "../../i18n/messages.server.ts";
import { databaseContext } from "../../platform/context.ts";
import type { Route } from "./+types/blog-feed";

/** How many of the newest posts the feed carries. */
const FEED_SIZE = 20;

/** The blog of the address's language as an Atom feed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const t = serverT(locale);
  const posts = await latestPosts(context.get(databaseContext), locale, FEED_SIZE);
  const feed = atomFeed(posts, {
    origin: url.origin,
    locale,
    title: t("blog.feedTitle"),
    subtitle: t("blog.description"),
  });
  return new Response(feed, {
    headers: {
      "Content-Type": `${BLOG_FEED_TYPE}; charset=utf-8`,
      "Cache-Control": "public, max-age=900",
    },
  });
}
