import { expect, test } from "vitest";
import { renderMarkdown } from "./markdown.server.ts";

test("headings, paragraphs, emphasis and lists become their HTML", () => {
  const html = renderMarkdown(
    "# Title\n\n## Part\n\nSome *soft* and **strong** words.\n\n- one\n- two\n\n1. first\n2. second",
  );
  expect(html).toBe(
    "<h2>Title</h2>\n<h2>Part</h2>\n<p>Some <em>soft</em> and <strong>strong</strong> words.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<ol>\n<li>first</li>\n<li>second</li>\n</ol>\n",
  );
});

test("links to other sites say nofollow; the site's own links stay plain", () => {
  expect(
    renderMarkdown("[Out](https://example.com/a) and [in](/businesses?category=Nightlife)"),
  ).toBe(
    '<p><a href="https://example.com/a" rel="nofollow">Out</a> and <a href="/businesses?category=Nightlife">in</a></p>\n',
  );
});

test("scripts, event handlers, styles, frames and javascript: links are removed", () => {
  const html = renderMarkdown(
    [
      "<script>alert(1)</script>",
      '<img src="x" onerror="alert(2)">',
      '<p style="color:red" onclick="alert(3)">styled</p>',
      '<iframe src="https://example.com"></iframe>',
      "[click](javascript:alert(4))",
      '<a href="data:text/html,<script>alert(5)</script>">data</a>',
      "<style>body{display:none}</style>",
    ].join("\n\n"),
  );
  expect(html).not.toMatch(/script|onerror|onclick|style[=>]|iframe|javascript|data:|alert/i);
  expect(html).toContain("styled");
  expect(html).toContain("click");
});

test("an image in Markdown is dropped, its markup never reaching the page", () => {
  expect(renderMarkdown("![a cat](https://example.com/cat.png)")).toBe("<p></p>\n");
});

test("text that looks like markup is shown as text", () => {
  expect(renderMarkdown("Use `<b>` for bold & 1 < 2")).toBe(
    "<p>Use <code>&lt;b&gt;</code> for bold &amp; 1 &lt; 2</p>\n",
  );
});
