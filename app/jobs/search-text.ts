import en from "../i18n/messages/en-CA.json" with { type: "json" };
import fr from "../i18n/messages/fr-CA.json" with { type: "json" };
import type { Province } from "../platform/provinces.ts";
import { normalizeForSearch } from "../platform/text.ts";

/**
 * The words of a text as search compares them: lower case, without accents, split at anything but
 * letters, digits, "#" and "+" (so "C#", "C++" and "Node.js" keep their meaning: "c#", "c++",
 * "node" "js").
 */
export function searchWords(text: string): string[] {
  return normalizeForSearch(text)
    .split(/[^\p{L}\p{N}#+]+/u)
    .filter(Boolean);
}

/**
 * What a search column holds: the distinct words, one space apart, with a space before the first
 * and after the last. The outer spaces let a short term match whole words only (`% it %`), and the
 * trigram index finds those as it finds longer terms (docs/architecture.md, Jobs).
 */
function searchColumn(texts: readonly string[]): string {
  const words = [...new Set(texts.flatMap(searchWords))];
  return ` ${words.join(" ")} `;
}

/** The keyword column of a posting: its titles, company and skills in both languages. */
export function keywordColumn(posting: {
  title: Record<string, string>;
  company: string;
  skills: Record<string, readonly string[]>;
}): string {
  return searchColumn([
    ...Object.values(posting.title),
    posting.company,
    ...Object.values(posting.skills).flat(),
  ]);
}

/** The first three characters of a Canadian postal code (its forward sortation area), lower case. */
function postalPrefix(postalCode: string): string {
  return postalCode.replace(/\s+/g, "").slice(0, 3).toLowerCase();
}

/**
 * The location column: city, province code and its names in both languages (the site's own,
 * `provinces.<code>`), postal code prefix.
 */
export function locationColumn(place: {
  city: string;
  province: Province;
  postalCode: string;
}): string {
  return searchColumn([
    place.city,
    place.province,
    en.provinces[place.province],
    fr.provinces[place.province],
    postalPrefix(place.postalCode),
  ]);
}

/** Shorter terms match whole words; from this length on they match anywhere in a word. */
const SUBSTRING_MIN_LENGTH = 3;

/** A term as a LIKE literal: wildcards escaped (search words never hold any, punctuation splits). */
const likeLiteral = (term: string) => term.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The LIKE pattern for one term in a search column: anywhere in a word from SUBSTRING_MIN_LENGTH
 * characters on, otherwise a whole word (columns hold " word word "), so "IT" or "RN" find those
 * words and not "facility". Both shapes give pg_trgm trigrams to look up.
 */
export function wordPattern(term: string): string {
  const literal = likeLiteral(term);
  return term.length < SUBSTRING_MIN_LENGTH ? `% ${literal} %` : `%${literal}%`;
}

/** The same rule for one word (the search's vocabulary, `job_word`): the words a term finds. */
export function vocabularyPattern(term: string): string {
  const literal = likeLiteral(term);
  return term.length < SUBSTRING_MIN_LENGTH ? literal : `%${literal}%`;
}

/** A whole postal code ("H2X 1Y4", "h2x1y4") in a location: only its first three characters count. */
const POSTAL_CODE = /\b([a-z]\d[a-z]) ?\d[a-z]\d\b/g;

/** The words a location search must all find: a full postal code counts as its prefix. */
export function locationTerms(location: string): string[] {
  return [...new Set(searchWords(normalizeForSearch(location).replace(POSTAL_CODE, "$1")))];
}

/** The words a keyword search must all find, each once. */
export function keywordTerms(keywords: string): string[] {
  return [...new Set(searchWords(keywords))];
}
