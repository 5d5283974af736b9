import { sql } from "drizzle-orm";
import type { Db } from "../db/client.server.ts";
import type { ProductSeed } from "./content.ts";

let serial = 0;

/** A valid product for tests; give only what the test is about. */
export function fixtureProduct(overrides: Partial<ProductSeed> = {}): ProductSeed {
  serial += 1;
  return {
    slug: `fixture-product-${serial}`,
    name: { "en-CA": `Thing ${serial}`, "fr-CA": `Chose ${serial}` },
    description: { "en-CA": "A thing for tests.", "fr-CA": "Une chose pour les tests." },
    category: "home",
    originalPriceCents: 2000,
    salePriceCents: 2000,
    onSale: false,
    stock: 20,
    taxClass: "taxable",
    ...overrides,
  };
}

/** A player row as Better Auth writes one, for tests of what belongs to a player. */
export async function insertPlayer(db: Db, id: string) {
  await db.execute(
    sql`insert into "user" (id, name, email, handle) values (${id}, ${id}, ${`${id}@example.com`}, ${id})`,
  );
}

/** Where tests' buyers pay and how their e-mails link to their orders. */
export const TEST_PAYMENT = {
  interacEmail: "payments@nearby.example",
  links: { baseUrl: "http://localhost", secret: "test-secret-test-secret-test-secret-1234" },
};
