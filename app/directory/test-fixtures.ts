import type { Db } from "../db/client.server.ts";
import { business } from "../db/schema/directory.ts";
import type { CategorySlug } from "./categories.ts";
import type { BusinessFile, BusinessSeed } from "./content.ts";
import { seedBusinesses } from "./seed.server.ts";

let serial = 0;

/** Ten reviews whose stars average `rating` (to one decimal, from 1 to 5). */
function reviewsRated(rating: number): BusinessSeed["reviews"] {
  const total = Math.round(rating * 10);
  const low = Math.floor(total / 10);
  return Array.from({ length: 10 }, (_, index) => ({
    author: `Reviewer ${index + 1}`,
    rating: index < total - low * 10 ? low + 1 : low,
    locale: "en-CA" as const,
    body: "A review written for tests.",
  }));
}

/**
 * A valid business for tests; give only what the test is about. `rating` gives it reviews that
 * average that rating (a business's rating is its reviews' average).
 */
export function fixtureBusiness({
  rating,
  ...overrides
}: Partial<BusinessSeed> & { rating?: number } = {}): BusinessSeed {
  serial += 1;
  return {
    slug: `fixture-${serial}`,
    name: `Fixture ${serial}`,
    kind: "bistro",
    city: "Toronto",
    province: "ON",
    address: "1 Test Street",
    postalCode: "M5V 1A1",
    latitude: 43.65,
    longitude: -79.38,
    priceFromCents: 1000,
    opensAt: "09:00",
    closesAt: "17:00",
    owner: "Alex Martin",
    description: { "en-CA": "A place for tests.", "fr-CA": "Un lieu pour les tests." },
    products: [
      { name: { "en-CA": "Thing", "fr-CA": "Chose" }, priceCents: 500 },
      { name: { "en-CA": "Other thing", "fr-CA": "Autre chose" }, priceCents: 900 },
    ],
    reviews:
      rating === undefined
        ? [{ author: "Sam T.", rating: 4, locale: "en-CA", body: "Fine." }]
        : reviewsRated(rating),
    questions: [],
    ...overrides,
  };
}

export function fixtureFile(category: CategorySlug, businesses: BusinessSeed[]): BusinessFile {
  return { category, businesses };
}

/** A restaurant for each slug, seeded; the id of each by its slug. */
export async function seedRestaurants(db: Db, slugs: string[]): Promise<Map<string, number>> {
  await seedBusinesses(db, [
    fixtureFile(
      "restaurants",
      slugs.map((slug) => fixtureBusiness({ slug })),
    ),
  ]);
  const rows = await db.select({ id: business.id, slug: business.slug }).from(business);
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** "Add your business" as a person fills it in, valid; each test changes what it is about. */
export const filledNewListing = {
  name: "Boulangerie du Quai",
  category: "shopping",
  address: "12 rue du Quai",
  city: "Trois-Rivières",
  province: "QC",
  postalCode: "g9a 1b2",
  phone: "819 555 0199",
  website: "boulangerie.example.ca",
  email: "bonjour@boulangerie.example.ca",
  descriptionEn: "",
  descriptionFr: "Du pain tous les matins.",
  opensAt: "07:00",
  closesAt: "18:00",
  latitude: "",
  longitude: "",
};
