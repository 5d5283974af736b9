import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { LOCALES, type Locale } from "../app/i18n/locale.ts";
import { FRENCH_SPACING_MISTAKE } from "../tests/support/french-typography.ts";

/**
 * The words a visitor reads, checked against the glossaries in content/glossary and for straight
 * quotes. Content files and interface messages are separate cases, as they are kept by different
 * people; docs/content-review.md says what these checks leave to a person.
 */

type Glossary = { locale: Locale; terms: { use: string; avoid: string[]; allow?: string[]; note: string }[] };

/** One text a visitor reads, with where it comes from and, when known, its language. */
type VisibleText = { where: string; locale: Locale | undefined; text: string };

const ROOT = path.resolve(".");
const CONTENT = path.join(ROOT, "content");
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, "utf8"));
const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

function filesUnder(folder: string, extension: string): string[] {
  return fs
    .readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** Values that are identifiers, codes, dates or addresses a program reads, not words a person reads. */
const NOT_PROSE = new Set([
  "slug",
  "type",
  "category",
  "province",
  "cover",
  "publishedAt",
  "postalCode",
  "opensAt",
  "closesAt",
  "locale",
  "reference",
  "logo",
  "workSetting",
  "employerType",
  "employmentType",
  "period",
  "contactEmail",
  "contactLocale",
  "business",
  "player",
  "handle",
  "follows",
]);

/**
 * The text as a reader sees it: a Markdown link's address, inline code, HTML tags and i18next
 * placeholders ({{name}}, $t(key)) are syntax, not words, and may hold quotes.
 */
export function readable(text: string): string {
  return text
    .replace(/\]\([^)]*\)/g, "]")
    .replace(/`[^`]*`/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/\{\{[^}]*\}\}/g, " ")
    .replace(/\$t\([^)]*\)/g, " ");
}

/** Every string in a JSON value that a visitor reads; its language comes from the nearest locale key or field. */
function jsonTexts(value: unknown, where: string, locale: Locale | undefined, skipKeys: Set<string>): VisibleText[] {
  if (typeof value === "string") return [{ where, locale, text: readable(value) }];
  if (Array.isArray(value)) return value.flatMap((item, index) => jsonTexts(item, `${where}[${index}]`, locale, skipKeys));
  if (value === null || typeof value !== "object") return [];
  const record = value as Record<string, unknown>;
  const own = isLocale(record.locale) ? record.locale : locale;
  return Object.entries(record).flatMap(([key, item]) =>
    skipKeys.has(key) ? [] : jsonTexts(item, `${where}.${key}`, isLocale(key) ? key : own, skipKeys),
  );
}

function contentTexts(): VisibleText[] {
  const json = filesUnder(CONTENT, ".json")
    .filter((file) => !file.startsWith(path.join(CONTENT, "glossary")))
    .flatMap((file) => jsonTexts(readJson(file), path.relative(ROOT, file), undefined, NOT_PROSE));
  const markdown = filesUnder(path.join(CONTENT, "blog"), ".md").flatMap((file) => {
    const locale = path.basename(file, ".md");
    if (!isLocale(locale)) return [];
    return readable(fs.readFileSync(file, "utf8"))
      .split("\n")
      .map((text, index) => ({ where: `${path.relative(ROOT, file)}:${index + 1}`, locale, text }));
  });
  return [...json, ...markdown];
}

function messageTexts(): VisibleText[] {
  return filesUnder(path.join(ROOT, "app"), ".json")
    .filter((file) => path.basename(path.dirname(file)) === "messages")
    .flatMap((file) => {
      const locale = path.basename(file, ".json").replace(/^email\./, "");
      return jsonTexts(readJson(file), path.relative(ROOT, file), isLocale(locale) ? locale : undefined, new Set());
    });
}

const glossaries = LOCALES.map((locale) => readJson(path.join(CONTENT, "glossary", `${locale}.json`)) as Glossary);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A whole word or phrase, in any case, with ’ and ' taken as the same apostrophe. */
const phrase = (text: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(text).replace(/[’']/g, "[’']")}(?![\\p{L}\\p{N}_])`, "giu");

const rules = glossaries.flatMap((glossary) =>
  glossary.terms.map((term) => ({
    locale: glossary.locale,
    use: term.use,
    avoid: term.avoid.map(phrase),
    allow: (term.allow ?? []).map(phrase),
  })),
);

/** "where: the word to avoid → the term to use" for every glossary term a text uses. */
export function glossaryMistakes(texts: VisibleText[]): string[] {
  return texts.flatMap(({ where, locale, text }) =>
    rules
      .filter((rule) => rule.locale === locale)
      .flatMap((rule) => {
        const allowed = rule.allow.reduce((rest, pattern) => rest.replace(pattern, " "), text);
        return rule.avoid.flatMap((pattern) => [...allowed.matchAll(pattern)].map((match) => `${where}: “${match[0]}” → ${rule.use}`));
      }),
  );
}

/** "where: text" for every text with a straight ' or " (typographic ’ “ ” in English, ’ « » in French). */
export function straightQuotes(texts: VisibleText[]): string[] {
  return texts.filter(({ text }) => /['"]/.test(text)).map(({ where, text }) => `${where}: ${text.trim()}`);
}

const frenchSpacing = (texts: VisibleText[]) =>
  texts
    .filter(({ locale, text }) => locale === "fr-CA" && FRENCH_SPACING_MISTAKE.test(text))
    .map(({ where, text }) => `${where}: ${text.trim()}`);

describe("the checks themselves", () => {
  const text = (locale: Locale, value: string): VisibleText[] => [{ where: "here", locale, text: readable(value) }];

  test("find a term to avoid as a whole word, in its language only, not where it is allowed", () => {
    expect(glossaryMistakes(text("en-CA", "We sent you an E-mail."))).toEqual(["here: “E-mail” → email"]);
    expect(glossaryMistakes(text("fr-CA", "Cliquez sur Sauvegarder."))).toEqual(["here: “Sauvegarder” → enregistrer"]);
    expect(glossaryMistakes(text("en-CA", "Register to play"))).toHaveLength(1);
    expect(glossaryMistakes(text("en-CA", "Count the cash register; a Registered Nurse."))).toEqual([]);
    expect(glossaryMistakes(text("fr-CA", "Nous avons un stop ici."))).toEqual([]);
    expect(glossaryMistakes(text("en-CA", "Sauvegarder"))).toEqual([]);
  });

  test("find straight quotes in words, not in placeholders, links or tags", () => {
    expect(straightQuotes(text("en-CA", "Kids' corner"))).toHaveLength(1);
    expect(straightQuotes(text("en-CA", 'He said "hi"'))).toHaveLength(1);
    expect(straightQuotes(text("en-CA", "Hello {{name}}, see [the map](/map?a='b') and <a href=\"x\">this</a>"))).toEqual([]);
    expect(straightQuotes(text("fr-CA", "L’île, « ici » et “there”"))).toEqual([]);
  });
});

describe("content files", () => {
  const texts = contentTexts();

  test("are read in both languages", () => {
    for (const locale of LOCALES) expect(texts.filter((text) => text.locale === locale).length).toBeGreaterThan(5_000);
  });

  test("use the glossary’s terms", () => {
    expect(glossaryMistakes(texts)).toEqual([]);
  });

  test("have no straight apostrophe or quotation mark in a text a visitor reads", () => {
    expect(straightQuotes(texts)).toEqual([]);
  });

  test("space French punctuation as French typography asks", () => {
    expect(frenchSpacing(texts)).toEqual([]);
  });
});

describe("interface messages and emails", () => {
  const texts = messageTexts();

  test("are read in both languages", () => {
    for (const locale of LOCALES) expect(texts.filter((text) => text.locale === locale).length).toBeGreaterThan(500);
  });

  test("use the glossary’s terms", () => {
    expect(glossaryMistakes(texts)).toEqual([]);
  });

  test("have no straight apostrophe or quotation mark in a text a visitor reads", () => {
    expect(straightQuotes(texts)).toEqual([]);
  });
});
