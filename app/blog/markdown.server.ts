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
  const known = rendered.get(markdown);
  if (known !== undefined) return known;
  const html = sanitizeHtml(marked.parse(markdown) as string, ALLOWED);
  if (rendered.size >= RENDERED_KEPT) rendered.delete(rendered.keys().next().value as string);
  rendered.set(markdown, html);
  return html;
}

/**
 * Bodies already rendered, by their Markdown: rendering one costs about a millisecond and the feed
 * renders every post, while posts rarely change. The oldest is dropped past RENDERED_KEPT (about
 * 2 MB at the demo's post sizes).
 */
const rendered = new Map<string, string>();
const RENDERED_KEPT = 256;
