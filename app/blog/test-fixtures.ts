import type { BlogPostContent } from "./content.ts";

let serial = 0;

/** A valid post for tests; give only what the test is about. */
export function fixturePost(
  overrides: Partial<BlogPostContent> & { title?: string; titleFr?: string } = {},
): BlogPostContent {
  serial += 1;
  const { title = `Post ${serial}`, titleFr = `Billet ${serial}`, ...rest } = overrides;
  return {
    key: `fixture-${serial}`,
    type: "events",
    city: "Toronto",
    province: "ON",
    rating: 4,
    author: "Alex Martin",
    cover: "winter-carnival",
    publishedAt: `2025-01-${String((serial % 28) + 1).padStart(2, "0")}`,
    "en-CA": {
      slug: `post-${serial}`,
      title,
      excerpt: "An excerpt long enough to read as one, for the tests of the blog.",
    },
    "fr-CA": {
      slug: `billet-${serial}`,
      title: titleFr,
      excerpt: "Un extrait assez long pour en être un, pour les tests du blogue.",
    },
    body: { "en-CA": "Some **words** to read.", "fr-CA": "Quelques **mots** à lire." },
    ...rest,
  };
}
