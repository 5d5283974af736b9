import type { Locale } from "../i18n/locale.ts";
import { localizedPath } from "../i18n/locale.ts";
import { escapeHtml } from "../platform/text.ts";
import { BLOG_FEED_PATH, BLOG_FEED_TYPE, type BlogPost } from "./types.ts";

/** Characters XML 1.0 does not allow anywhere, even escaped. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

const xml = (text: string) => escapeHtml(text.replace(NOT_XML, ""));

/**
 * The blog of one language as an Atom feed (RFC 4287): its own address as `rel="self"`, the blog
 * page as `rel="alternate"`, and each post with its summary and whole sanitized content.
 */
export function atomFeed(
  posts: BlogPost[],
  options: { origin: string; locale: Locale; title: string; subtitle: string },
): string {
  const { origin, locale } = options;
  const absolute = (path: string) => `${origin}${localizedPath(path, locale)}`;
  const updated = posts.reduce(
    (newest, post) => (post.updatedAt > newest ? post.updatedAt : newest),
    "1970-01-01T00:00:00.000Z",
  );
  const entries = posts.map((post) => {
    const address = absolute(`/blogs/${post.slug}`);
    return `  <entry>
    <title>${xml(post.title)}</title>
    <link rel="alternate" type="text/html" href="${xml(address)}"/>
    <id>${xml(address)}</id>
    <published>${new Date(post.publishedAt).toISOString()}</published>
    <updated>${new Date(post.updatedAt).toISOString()}</updated>
    <author><name>${xml(post.authorName)}</name></author>
    <category term="${xml(post.type)}"/>
    <summary>${xml(post.excerpt)}</summary>
    <content type="html">${xml(post.html)}</content>
  </entry>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${locale}">
  <title>${xml(options.title)}</title>
  <subtitle>${xml(options.subtitle)}</subtitle>
  <link rel="self" type="${BLOG_FEED_TYPE}" href="${xml(absolute(BLOG_FEED_PATH))}"/>
  <link rel="alternate" type="text/html" href="${xml(absolute("/blogs"))}"/>
  <id>${xml(absolute("/blogs"))}</id>
  <updated>${updated}</updated>
${entries.join("\n")}
</feed>
`;
}
