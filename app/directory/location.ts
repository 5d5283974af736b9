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

/** A point on the map, in degrees. */
export type Coordinates = { latitude: number; longitude: number };

/**
 * Where a new listing's pin starts (and stays, without JavaScript): the centre of its city when
 * this small table knows it, else of its province's capital. Keyed by province and the city's
 * loose search form ("St. John's" is "st john s").
 */
const CITY_CENTRES: Record<Province, Record<string, Coordinates>> = {
  AB: {
    edmonton: { latitude: 53.5461, longitude: -113.4938 },
    calgary: { latitude: 51.0447, longitude: -114.0719 },
  },
  BC: {
    victoria: { latitude: 48.4284, longitude: -123.3656 },
    vancouver: { latitude: 49.2827, longitude: -123.1207 },
    surrey: { latitude: 49.1913, longitude: -122.849 },
    kelowna: { latitude: 49.888, longitude: -119.496 },
  },
  MB: { winnipeg: { latitude: 49.8951, longitude: -97.1384 } },
  NB: {
    fredericton: { latitude: 45.9636, longitude: -66.6431 },
    moncton: { latitude: 46.0878, longitude: -64.7782 },
    "saint john": { latitude: 45.2733, longitude: -66.0633 },
  },
  NL: { "st john s": { latitude: 47.5615, longitude: -52.7126 } },
  NS: { halifax: { latitude: 44.6488, longitude: -63.5752 } },
  NT: { yellowknife: { latitude: 62.454, longitude: -114.3718 } },
  NU: { iqaluit: { latitude: 63.7467, longitude: -68.517 } },
  ON: {
    toronto: { latitude: 43.6532, longitude: -79.3832 },
    ottawa: { latitude: 45.4215, longitude: -75.6972 },
    mississauga: { latitude: 43.589, longitude: -79.6441 },
    hamilton: { latitude: 43.2557, longitude: -79.8711 },
    london: { latitude: 42.9849, longitude: -81.2453 },
    kitchener: { latitude: 43.4516, longitude: -80.4925 },
    windsor: { latitude: 42.3149, longitude: -83.0364 },
  },
  PE: { charlottetown: { latitude: 46.2382, longitude: -63.1311 } },
  QC: {
    quebec: { latitude: 46.8139, longitude: -71.208 },
    montreal: { latitude: 45.5019, longitude: -73.5674 },
    laval: { latitude: 45.6066, longitude: -73.7124 },
    gatineau: { latitude: 45.4765, longitude: -75.7013 },
    longueuil: { latitude: 45.5312, longitude: -73.5181 },
    sherbrooke: { latitude: 45.4042, longitude: -71.8929 },
    levis: { latitude: 46.8033, longitude: -71.1779 },
    "trois rivieres": { latitude: 46.343, longitude: -72.543 },
  },
  SK: {
    regina: { latitude: 50.4452, longitude: -104.6189 },
    saskatoon: { latitude: 52.1579, longitude: -106.6702 },
  },
  YT: { whitehorse: { latitude: 60.7212, longitude: -135.0568 } },
};

/**
 * The centre of `city` in `province` when the table knows it, else of the province's capital (the
 * first city of each province's table).
 */
export function cityCentre(city: string, province: Province): Coordinates {
  const cities = CITY_CENTRES[province];
  const key = loose(normalizeForSearch(city).replace(/'/g, " "));
  return cities[key] ?? (Object.values(cities)[0] as Coordinates);
}

/** Canada's extent, roughly: a pin outside it is a mistake. */
export function inCanada({ latitude, longitude }: Coordinates): boolean {
  return latitude >= 41.6 && latitude <= 83.2 && longitude >= -141.1 && longitude <= -52.6;
}
