import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seedBlogPosts } from "../../blog/seed.server.ts";
import { fixturePost } from "../../blog/test-fixtures.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { createTestHost } from "../../platform/test-host.server.ts";

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
let browser: Browser;

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db);
  await seedBlogPosts(database.db, [
    fixturePost({
      key: "tricky",
      "en-CA": {
        slug: "tricky-characters",
        title: 'Fish & chips <by the sea> "quoted" l\'été',
        excerpt: "An excerpt with & and < and > in it, long enough to be an excerpt of a post.",
      },
      "fr-CA": {
        slug: "caracteres-difficiles",
        title: "Poisson & frites « au bord » de l'eau",
        excerpt: "Un extrait avec & et < et > dedans, assez long pour être l'extrait d'un billet.",
      },
      body: {
        "en-CA": "A [link](https://example.com/?a=1&b=2) and <b>raw</b> text \u0007 with a bell.",
        "fr-CA": "Un [lien](/fr/businesses?title=&location=Qu%C3%A9bec) et du **gras**.",
      },
    }),
    fixturePost({ key: "second" }),
  ]);
  // Chromium's XML parser is strict: a feed that is not well-formed XML gives a <parsererror>.
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
});

afterAll(async () => {
  await browser?.close();
  await database.close();
});

/** The feed parsed as XML by the browser: its parse error if any, and what it says. */
async function parse(xml: string) {
  const page = await browser.newPage();
  try {
    return await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      const atom = "http://www.w3.org/2005/Atom";
      const error = doc.getElementsByTagName("parsererror")[0]?.textContent ?? null;
      const links = [...doc.documentElement.children]
        .filter((node) => node.localName === "link")
        .map((node) => ({ rel: node.getAttribute("rel"), href: node.getAttribute("href") }));
      const entries = [...doc.getElementsByTagNameNS(atom, "entry")].map((entry) => ({
        title: entry.getElementsByTagNameNS(atom, "title")[0]?.textContent,
        link: entry.getElementsByTagNameNS(atom, "link")[0]?.getAttribute("href"),
        content: entry.getElementsByTagNameNS(atom, "content")[0]?.textContent,
      }));
      return {
        error,
        root: doc.documentElement.namespaceURI,
        lang: doc.documentElement.getAttribute("xml:lang"),
        links,
        entries,
      };
    }, xml);
  } finally {
    await page.close();
  }
}

describe.each([
  ["en-CA", "", 'Fish & chips <by the sea> "quoted" l\'été', "/blogs/tricky-characters"],
  ["fr-CA", "/fr", "Poisson & frites « au bord » de l'eau", "/fr/blogs/caracteres-difficiles"],
])("the %s feed", (locale, prefix, title, path) => {
  test("parses as Atom XML, with its own address as rel=self", async () => {
    const response = await request(`${prefix}/blogs/feed.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const feed = await parse(await response.text());
    expect(feed.error).toBeNull();
    expect(feed.root).toBe("http://www.w3.org/2005/Atom");
    expect(feed.lang).toBe(locale);
    expect(feed.links).toEqual([
      { rel: "self", href: `http://localhost${prefix}/blogs/feed.xml` },
      { rel: "alternate", href: `http://localhost${prefix}/blogs` },
    ]);
    expect(feed.entries).toHaveLength(2);
    const tricky = feed.entries.find((entry) => entry.link?.endsWith(path));
    expect(tricky?.title).toBe(title);
    expect(tricky?.content).toMatch(/^<p>/);
  });
});

test("the blog pages link to their language's feed", async () => {
  for (const prefix of ["", "/fr"]) {
    const html = await (await request(`${prefix}/blogs`)).text();
    expect(html).toMatch(
      new RegExp(
        `<link rel="alternate" type="application/atom\\+xml" title="[^"]+" href="${prefix}/blogs/feed.xml"/>`,
      ),
    );
  }
});

describe("a post's page", () => {
  test("links its English and French versions by their own slugs, with x-default", async () => {
    const html = await (await request("/fr/blogs/caracteres-difficiles")).text();
    expect(html).toContain(
      '<link rel="alternate" hrefLang="en-CA" href="http://localhost/blogs/tricky-characters"/>',
    );
    expect(html).toContain(
      '<link rel="alternate" hrefLang="fr-CA" href="http://localhost/fr/blogs/caracteres-difficiles"/>',
    );
    expect(html).toContain(
      '<link rel="alternate" hrefLang="x-default" href="http://localhost/blogs/tricky-characters"/>',
    );
  });

  test("carries a BlogPosting in JSON-LD that no text can break out of", async () => {
    const html = await (await request("/blogs/tricky-characters")).text();
    const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1] ?? "";
    expect(JSON.parse(json)).toMatchObject({
      "@type": "BlogPosting",
      headline: 'Fish & chips <by the sea> "quoted" l\'été',
      inLanguage: "en-CA",
      author: { "@type": "Person", name: "Alex Martin" },
      mainEntityOfPage: "http://localhost/blogs/tricky-characters",
    });
  });

  test("the other language's slug is a permanent redirect; an unknown one is the 404 page", async () => {
    const moved = await request("/fr/blogs/tricky-characters", { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/fr/blogs/caracteres-difficiles");
    for (const [path, heading] of [
      ["/blogs/no-such-post", "Error 404!!!!"],
      ["/fr/blogs/no-such-post", "Erreur 404"],
      ["/blogs/NOT_A_SLUG", "Error 404!!!!"],
    ] as const) {
      const missing = await request(path);
      expect(missing.status, path).toBe(404);
      expect(await missing.text()).toContain(heading);
    }
  });

  test("the body is sanitized: raw HTML and control characters do not reach the page", async () => {
    const html = await (await request("/blogs/tricky-characters")).text();
    expect(html).toContain('<a href="https://example.com/?a=1&amp;b=2" rel="nofollow">link</a>');
    expect(html).not.toContain("<b>raw</b>");
  });
});
