import type { CategorySlug } from "./categories.ts";

/**
 * What a demo business is, by category; each kind has its own drawing,
 * `public/images/directory/kinds/<kind>.svg`, in every palette of `KIND_PALETTES`.
 * A kind may serve two categories (a song club is nightlife or others).
 */
export const KINDS_BY_CATEGORY = {
  restaurants: [
    "bistro",
    "cafe",
    "breakfast-diner",
    "snack-bar",
    "taqueria",
    "seafood",
    "asian-restaurant",
    "indian-restaurant",
  ],
  shopping: [
    "clothing",
    "bookstore",
    "fine-food",
    "toys-games",
    "craft-supplies",
    "plant-shop",
    "record-store",
  ],
  nightlife: ["pub", "music-venue", "dance-hall", "comedy-club", "arcade-bar"],
  "active-life": ["bike-shop", "paddling", "fitness-studio", "sports-centre", "outdoor-outfitter"],
  "beauty-spas": ["spa", "hair-salon", "barbershop", "beauty-studio"],
  "home-services": [
    "plumber",
    "electrician",
    "cleaning",
    "handyman",
    "landscaping",
    "roofing",
    "heating-cooling",
    "movers",
  ],
  automotive: [
    "garage",
    "ev-garage",
    "motorcycle-shop",
    "towing",
    "tire-shop",
    "body-shop",
    "driving-school",
  ],
  others: [
    "museum",
    "railway-museum",
    "science-centre",
    "gallery",
    "community-centre",
    "market",
    "music-venue",
    "toys-games",
  ],
} as const satisfies Record<CategorySlug, readonly string[]>;

export type BusinessKind = (typeof KINDS_BY_CATEGORY)[CategorySlug][number];

export const BUSINESS_KINDS = [...new Set(Object.values(KINDS_BY_CATEGORY).flat())] as [
  BusinessKind,
  ...BusinessKind[],
];

type Palette = {
  name: string;
  sky: string;
  ground: string;
  colours: Readonly<Record<string, string>>;
};

/**
 * The colourings of every drawing, so two businesses of one kind side by side differ. The first
 * is the drawing as written (`<kind>.svg`); `npm run pictures:kinds` writes the others
 * (`<kind>-<name>.svg`) from it with another sky and ground, and the drawings' main colours
 * (`colours`: coral, teal, red, pink) changed too, so the things drawn differ, not just the sky.
 */
export const KIND_PALETTES: readonly [Palette, ...Palette[]] = [
  { name: "", sky: "#d7f3ee", ground: "#fed7aa", colours: {} },
  {
    name: "peach",
    sky: "#ffe4d6",
    ground: "#bbe5b3",
    colours: {
      "#f97360": "#38bdf8",
      "#0f766e": "#7c3aed",
      "#dc2626": "#2563eb",
      "#f472b6": "#f59e0b",
    },
  },
  {
    name: "lilac",
    sky: "#e6e1fa",
    ground: "#fde68a",
    colours: {
      "#f97360": "#16a34a",
      "#0f766e": "#be123c",
      "#dc2626": "#0d9488",
      "#f472b6": "#8b5cf6",
    },
  },
];

export function kindPicture(kind: BusinessKind, palette: number): string {
  const { name } = KIND_PALETTES[palette % KIND_PALETTES.length] ?? KIND_PALETTES[0];
  return `/images/directory/kinds/${kind}${name ? `-${name}` : ""}.svg`;
}

/**
 * A picture for each business, in list order (`previous` is the business shown just before it in
 * each list it appears in): its kind's next colouring that no such neighbour shows. With three
 * colourings and at most two neighbours one is always free.
 */
export function dealKindPictures<T extends { kind: BusinessKind }>(
  ranked: T[],
  neighbours: (item: T, index: number) => (T | undefined)[],
): Map<T, string> {
  const pictures = new Map<T, string>();
  const next = new Map<BusinessKind, number>();
  for (const [index, item] of ranked.entries()) {
    const taken = neighbours(item, index).map((other) => (other ? pictures.get(other) : undefined));
    let palette = next.get(item.kind) ?? 0;
    while (taken.includes(kindPicture(item.kind, palette))) palette += 1;
    pictures.set(item, kindPicture(item.kind, palette));
    next.set(item.kind, palette + 1);
  }
  return pictures;
}
