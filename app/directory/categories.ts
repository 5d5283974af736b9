/** The directory's eight categories, in the order the home page shows them. */
export const CATEGORIES = [
  { slug: "restaurants", name: "Restaurants" },
  { slug: "shopping", name: "Shopping" },
  { slug: "nightlife", name: "Nightlife" },
  { slug: "active-life", name: "Active Life" },
  { slug: "beauty-spas", name: "Beauty & Spas" },
  { slug: "home-services", name: "Home Services" },
  { slug: "automotive", name: "Automotive" },
  { slug: "others", name: "Others" },
] as const;

export type CategorySlug = (typeof CATEGORIES)[number]["slug"];

export const CATEGORY_SLUGS = CATEGORIES.map((category) => category.slug) as CategorySlug[];

/** The search form offers every category but Others, after 'All Categories' (SPEC.md section 9). */
export const SEARCHABLE_CATEGORIES = CATEGORIES.filter((category) => category.slug !== "others");

/** The value the search form and the address carry for "every category". */
export const ALL_CATEGORIES = "All Categories";

/**
 * The category a search value names: its English name as the spec's links carry it
 * ("Beauty & Spas"), or its slug, ignoring case. Undefined for an unknown value.
 */
export function categoryFromSearchValue(value: string): CategorySlug | undefined {
  const wanted = value.trim().toLowerCase();
  return CATEGORIES.find(
    (category) => category.name.toLowerCase() === wanted || category.slug === wanted,
  )?.slug;
}
