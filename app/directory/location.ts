import type { Province } from "../platform/provinces.ts";
import { normalizeForSearch } from "../platform/text.ts";

/**
 * What a province is called when typed into a search, in the loose form `loose` makes: its code,
 * its English and French names, and the short forms people write. (The names shown on the site
 * are messages, `provinces.<code>`; these are what a search recognises, short forms included.)
 */
const NAMES: Record<Province, string[]> = {
  AB: ["ab", "alberta", "alta"],
  BC: ["bc", "british columbia", "colombie britannique"],
  MB: ["mb", "manitoba"],
  NB: ["nb", "new brunswick", "nouveau brunswick"],
  NL: ["nl", "newfoundland and labrador", "newfoundland", "terre neuve et labrador", "terre neuve"],
  NS: ["ns", "nova scotia", "nouvelle ecosse"],
  NT: ["nt", "northwest territories", "territoires du nord ouest", "nwt"],
  NU: ["nu", "nunavut"],
  ON: ["on", "ontario", "ont"],
  PE: ["pe", "prince edward island", "ile du prince edouard", "pei"],
  QC: ["qc", "quebec", "que"],
  SK: ["sk", "saskatchewan", "sask"],
  YT: ["yt", "yukon"],
};

const PROVINCE_BY_NAME = new Map(
  Object.entries(NAMES).flatMap(([code, names]) => names.map((name) => [name, code as Province])),
);

/** The longest name, in words: how many of a location's last words may name its province. */
const MOST_WORDS = Math.max(...[...PROVINCE_BY_NAME.keys()].map((name) => name.split(" ").length));

/** Words without their dots and with hyphens as spaces: "B.C." is "bc", "Nord-Ouest" "nord ouest". */
function loose(text: string): string {
  return text.replace(/\./g, "").replace(/-/g, " ").replace(/\s+/g, " ").trim();
}

export type LocationCriteria = {
  /** Normalized (see normalizeForSearch), matched anywhere in the city; empty matches any. */
  city: string;
  province?: Province;
};

/**
 * A location as people type it: a city, a province (code or name, in English or French), or both
 * as the cards show them ("Calgary, AB") or written out ("Québec, Québec", "Moncton New
 * Brunswick"). A province named alone is taken as the province, "Quebec" included (Québec City is
 * in it). Anything else is a part of a city's name, as before.
 */
export function parseLocation(text: string): LocationCriteria {
  // A comma left at either end names nothing ("Calgary," is Calgary).
  const normalized = normalizeForSearch(text).replace(/^[\s,]+|[\s,]+$/g, "");
  // Words and the separators between them, alternating: ["calgary", ", ", "ab"].
  const parts = normalized.split(/([\s,]+)/).filter((part) => part !== "");
  const words = parts.filter((part) => !/^[\s,]+$/.test(part));
  for (let count = Math.min(MOST_WORDS, words.length); count > 0; count--) {
    const province = PROVINCE_BY_NAME.get(loose(words.slice(-count).join(" ")));
    if (!province) continue;
    // The words before the province, without the separators that led to it.
    const city = parts
      .slice(0, parts.length - (2 * count - 1))
      .join("")
      .replace(/[\s,]+$/, "");
    return { city, province };
  }
  return { city: normalized };
}
