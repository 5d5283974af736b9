import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/** Markdown as the posts are written: CommonMark with GitHub's additions, no raw HTML kept. */
const marked = new Marked({ gfm: true, breaks: false, async: false });

/** What a post's body may contain once rendered: text structure and links, nothing active. */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "em",
    "strong",
    "del",
    "a",
    "ul",
    "ol",
    "li",
    "blockquote",
    "code",
    "pre",
    "hr",
  ],
  allowedAttributes: { a: ["href", "rel"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  transformTags: {
    // The page's title is its one h1; the body's headings sit under it.
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        // A link to another site passes on no endorsement; the site's own links stay plain.
        ...(attribs.href && !attribs.href.startsWith("/") ? { rel: "nofollow" } : {}),
      },
    }),
  },
};

/**
 * A post's Markdown as HTML safe to put in the page: rendered by marked, then everything outside
 * the list above removed by sanitize-html (scripts and styles with their content, other tags
 * keeping only their text, every attribute but a link's address).
 */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown) as string, ALLOWED);
}
