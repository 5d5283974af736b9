import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { readBlogContent } from "../app/blog/seed.server.ts";
import { BLOG_TYPES } from "../app/blog/types.ts";
import { businessFileSchema } from "../app/directory/content.ts";
import { BUSINESS_KINDS, KIND_PALETTES, kindPicture } from "../app/directory/kinds.ts";
import { readBusinessContent } from "../app/directory/seed.server.ts";
import { createTranslate } from "../app/i18n/i18n.ts";
import { LOCALES, type Locale } from "../app/i18n/locale.ts";
import fr from "../app/i18n/messages/fr-CA.json" with { type: "json" };
import { PROVINCES } from "../app/platform/provinces.ts";
import { PUBLIC_PROFILE_MIN_AGE } from "../app/players/identity.ts";
import { type Bank, checkBank, findRepeatsAcrossCategories } from "../app/quiz/bank.ts";
import { readPricingContent } from "../app/pricing/seed.server.ts";
import { QUIZ_CATEGORIES } from "../app/quiz/categories.ts";
import { SHOP_CATEGORIES } from "../app/shop/categories.ts";
import { readShopContent } from "../app/shop/seed.server.ts";
import { sitePageSchema } from "../app/site-pages/pages.server.ts";
import { SITE_PAGES } from "../app/site-pages/slugs.ts";
import { FRENCH_SPACING_MISTAKE } from "../tests/support/french-typography.ts";

const CONTENT = path.resolve("content");
const PUBLIC = path.resolve("public");
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, "utf8"));

describe("Play & Learn question banks", () => {
  const banks = LOCALES.flatMap((locale) =>
    QUIZ_CATEGORIES.map((category) => ({ locale, category, file: path.join(CONTENT, "quiz", locale, `${category}.json`) })),
  );

  test.each(banks)("$locale $category is sound", ({ file, locale, category }) => {
    const bank = readJson(file);
    expect(checkBank(bank)).toEqual([]);
    expect(bank).toMatchObject({ locale, category });
  });

  test.each(banks)("$locale $category spreads its right answers over the four positions", ({ file }) => {
    const bank: Bank = readJson(file);
    const positions = [0, 0, 0, 0];
    for (const set of bank.sets) {
      for (const item of set.questions) {
        const position = item.options.indexOf(item.answer);
        positions[position] = (positions[position] ?? 0) + 1;
      }
    }
    for (const count of positions) expect(count).toBeGreaterThanOrEqual(15);
  });

  test.each(LOCALES)("%s asks each question and teaches each fact in one category only", (locale) => {
    const ofLocale: Bank[] = banks.filter((bank) => bank.locale === locale).map(({ file }) => readJson(file));
    expect(findRepeatsAcrossCategories(ofLocale)).toEqual([]);
  });

  test.each(banks.filter((bank) => bank.locale === "fr-CA"))("fr-CA $category follows French typography", ({ file }) => {
    const bank: Bank = readJson(file);
    for (const set of bank.sets) {
      for (const item of set.questions) {
        for (const text of [item.text, item.explanation, ...item.options]) {
          expect(text).not.toMatch(FRENCH_SPACING_MISTAKE);
          // Quotation marks are « ».
          expect(text).not.toContain('"');
        }
      }
    }
  });

  test.each(QUIZ_CATEGORIES)("the %s cover picture exists", (category) => {
    expect(fs.existsSync(path.join(PUBLIC, "images", "quiz", `${category}.svg`))).toBe(true);
  });
});

describe("demo businesses", async () => {
  const files = await readBusinessContent(CONTENT);
  const businesses = files.flatMap((file) => file.businesses.map((business) => ({ ...business, category: file.category })));

  test("at least 120 businesses across the eight categories", () => {
    expect(businesses.length).toBeGreaterThanOrEqual(120);
    expect(new Set(files.map((file) => file.category)).size).toBe(8);
  });

  test("in at least 12 cities of at least 6 provinces, French names kept", () => {
    expect(new Set(businesses.map((business) => business.city)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(businesses.map((business) => business.province)).size).toBeGreaterThanOrEqual(6);
    expect(businesses.map((business) => business.city)).toEqual(expect.arrayContaining(["Montréal", "Québec", "Trois-Rivières"]));
  });

  test("each slug is unique", () => {
    const slugs = businesses.map((business) => business.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  test("every business has reviews, and a few have a promotion and community questions", () => {
    for (const business of businesses) expect(business.reviews.length, business.slug).toBeGreaterThan(0);
    expect(businesses.some((business) => business.promo)).toBe(true);
    expect(businesses.some((business) => business.questions.length > 0)).toBe(true);
  });

  test("every picture the directory uses ships with the site", () => {
    const pictures = ["-1", "-promo", "-product-1", "-product-2", "-product-3"];
    for (const file of files) {
      for (const suffix of pictures) {
        expect(fs.existsSync(path.join(PUBLIC, "images", "directory", `${file.category}${suffix}.svg`))).toBe(true);
      }
    }
    for (let owner = 1; owner <= 8; owner++) {
      expect(fs.existsSync(path.join(PUBLIC, "images", "owners", `owner-${owner}.svg`))).toBe(true);
    }
  });

  test("each business has a kind; every kind is some business's and has its drawing in every colouring", () => {
    expect(BUSINESS_KINDS.length).toBeGreaterThanOrEqual(25);
    expect(BUSINESS_KINDS.length).toBeLessThanOrEqual(50);
    expect(new Set(businesses.map((business) => business.kind))).toEqual(new Set(BUSINESS_KINDS));
    for (const kind of BUSINESS_KINDS) {
      const drawings = KIND_PALETTES.map((_, palette) => fs.readFileSync(path.join(PUBLIC, kindPicture(kind, palette)), "utf8"));
      for (const drawing of drawings) {
        expect(drawing, kind).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 400 300">/);
        expect(drawing, kind).not.toMatch(/<text|<image|href=/);
        expect(drawing.length, kind).toBeLessThan(4000);
      }
      expect(new Set(drawings).size, kind).toBe(KIND_PALETTES.length);
    }
  });

  test("a business whose kind belongs to another category is refused, with its place", () => {
    const [file] = files;
    if (!file) throw new Error("no business file");
    const result = businessFileSchema.safeParse({ ...file, category: "automotive", businesses: [{ ...file.businesses[0], kind: "spa" }] });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["businesses.0.kind"]);
  });
});

test.each(SITE_PAGES)("the %s page has its text in both languages", (slug) => {
  expect(sitePageSchema.parse(readJson(path.join(CONTENT, "pages", `${slug}.json`))).slug).toBe(slug);
});

test.each(SITE_PAGES)("the French %s page, its document title included, follows French typography", (slug) => {
  const page = sitePageSchema.parse(readJson(path.join(CONTENT, "pages", `${slug}.json`)))["fr-CA"];
  const documentTitle = createTranslate("fr-CA", fr)("site.pageTitle", { title: page.title });
  expect(documentTitle).toContain(page.title);
  const texts = [documentTitle, page.title, page.summary, ...page.sections.flatMap((section) => [section.heading, ...section.paragraphs])];
  for (const text of texts) expect(text).not.toMatch(FRENCH_SPACING_MISTAKE);
});

/** Every text of a site page in one language, its title and summary included. */
const pageTexts = (slug: string, locale: Locale) => {
  const page = sitePageSchema.parse(readJson(path.join(CONTENT, "pages", `${slug}.json`)))[locale];
  return [page.title, page.summary, ...page.sections.flatMap((section) => [section.heading, ...section.paragraphs])];
};

test.each(LOCALES)("%s: the privacy policy and terms give the age the profile settings use", (locale) => {
  for (const slug of ["privacy", "terms"]) {
    const text = pageTexts(slug, locale).join("\n");
    expect(text, slug).toContain(`${PUBLIC_PROFILE_MIN_AGE}`);
    expect(text, slug).not.toMatch(/\b13\b/);
  }
});

test.each(LOCALES)("%s: the privacy policy says a parent consents for a child under 14, what is kept, and the 7 days", (locale) => {
  const text = pageTexts("privacy", locale).join("\n");
  expect(text).toMatch(locale === "en-CA" ? /a parent or guardian consents/ : /un parent ou un tuteur donne son consentement/);
  expect(text).toMatch(locale === "en-CA" ? /within 7 days/ : /dans les 7 jours/);
  expect(text).toMatch(locale === "en-CA" ? /quiz progress and points/ : /progrès au quiz et ses points/);
  expect(text).not.toMatch(/do not yet have a way for a parent|n’offre pas encore de moyen/);
});

test.each(LOCALES)("%s: no site page describes the job board, shop, posts or plans as still to come", (locale) => {
  for (const slug of SITE_PAGES) {
    const text = pageTexts(slug, locale).join("\n");
    expect(text, slug).not.toMatch(/coming soon|what’s coming|on the way|once the job board|when the job board|s’en vien|bientôt|quand le babillard|à l’ouverture du babillard/i);
  }
});

/** Markdown as a reader sees it: a link's address is not text (it may hold "?" and ":"). */
const readable = (markdown: string) => markdown.replace(/\]\([^)]*\)/g, "]");

describe("blog posts", async () => {
  const posts = await readBlogContent(CONTENT);

  test("at least 12, of every type, in several provinces", () => {
    expect(posts.length).toBeGreaterThanOrEqual(12);
    expect(new Set(posts.map((post) => post.type))).toEqual(new Set(BLOG_TYPES));
    expect(new Set(posts.map((post) => post.province)).size).toBeGreaterThanOrEqual(6);
  });

  test("each slug is unique in its language, and every cover ships with the site", () => {
    for (const locale of LOCALES) {
      const slugs = posts.map((post) => post[locale].slug);
      expect(new Set(slugs).size, locale).toBe(slugs.length);
    }
    for (const post of posts) {
      expect(fs.existsSync(path.join(PUBLIC, "images", "blog", `${post.cover}.svg`)), post.key).toBe(true);
    }
  });

  test("each post has a body worth reading in both languages, its links in its own language", () => {
    for (const post of posts) {
      for (const locale of LOCALES) {
        const body = post.body[locale];
        expect(body.split(/\s+/).length, `${post.key} ${locale}`).toBeGreaterThan(200);
        for (const [, href] of body.matchAll(/\]\(([^)]*)\)/g)) {
          if (href?.startsWith("/")) expect(href.startsWith("/fr/"), `${post.key} ${locale} ${href}`).toBe(locale === "fr-CA");
        }
      }
    }
  });

  test("French posts follow French typography", () => {
    for (const post of posts) {
      const fr = post["fr-CA"];
      for (const line of [fr.title, fr.excerpt, ...readable(post.body["fr-CA"]).split("\n")]) {
        expect(line, post.key).not.toMatch(FRENCH_SPACING_MISTAKE);
        expect(line, post.key).not.toContain('"');
      }
    }
  });
});

describe("shop and pricing", async () => {
  const products = await readShopContent(CONTENT);
  const plans = await readPricingContent(CONTENT);

  test("at least 12 products in every category, some on sale, one sold out, each with its picture", () => {
    expect(products.length).toBeGreaterThanOrEqual(12);
    expect(new Set(products.map((item) => item.category))).toEqual(new Set(SHOP_CATEGORIES));
    expect(products.some((item) => item.onSale)).toBe(true);
    expect(products.some((item) => item.stock === 0)).toBe(true);
    for (const item of products) {
      expect(fs.existsSync(path.join(PUBLIC, "images", "shop", `${item.slug}.svg`)), item.slug).toBe(true);
    }
  });

  test("the Canada map puzzle has one piece per province and territory, as its description says", () => {
    const puzzle = products.find((item) => item.slug === "canada-puzzle-map");
    expect(puzzle?.description["en-CA"]).toContain("Every province and territory is its own piece");
    expect(puzzle?.name["en-CA"]).toContain(`${PROVINCES.length} pieces`);
    expect(puzzle?.name["fr-CA"]).toContain(`${PROVINCES.length} pièces`);
  });

  test("every annual price saves something over twelve months", () => {
    for (const plan of plans) expect(plan.annualPriceCents, plan.slug).toBeLessThan(plan.monthlyPriceCents * 12);
  });

  test("French names, descriptions and features follow French typography", () => {
    const texts = [
      ...products.flatMap((item) => [item.name["fr-CA"], item.description["fr-CA"]]),
      ...plans.flatMap((plan) => [plan.name["fr-CA"], plan.summary["fr-CA"], ...plan.features["fr-CA"]]),
    ];
    for (const text of texts) expect(text).not.toMatch(FRENCH_SPACING_MISTAKE);
  });
});
