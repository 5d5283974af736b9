import type { BusinessFile, BusinessSeed } from "./content.ts";

let serial = 0;

/** A valid business for tests; give only what the test is about. */
export function fixtureBusiness(overrides: Partial<BusinessSeed> = {}): BusinessSeed {
  serial += 1;
  return {
    slug: `fixture-${serial}`,
    name: `Fixture ${serial}`,
    city: "Toronto",
    province: "ON",
    address: "1 Test Street",
    postalCode: "M5V 1A1",
    latitude: 43.65,
    longitude: -79.38,
    rating: 4,
    reviewCount: 10,
    priceFromCents: 1000,
    opensAt: "09:00",
    closesAt: "17:00",
    owner: "Alex Martin",
    description: { "en-CA": "A place for tests.", "fr-CA": "Un lieu pour les tests." },
    products: [
      { name: { "en-CA": "Thing", "fr-CA": "Chose" }, priceCents: 500 },
      { name: { "en-CA": "Other thing", "fr-CA": "Autre chose" }, priceCents: 900 },
    ],
    reviews: [{ author: "Sam T.", rating: 4, locale: "en-CA", body: "Fine." }],
    questions: [],
    ...overrides,
  };
}

export function fixtureFile(category: string, businesses: BusinessSeed[]): BusinessFile {
  return { category, businesses };
}
