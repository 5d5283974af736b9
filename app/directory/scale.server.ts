import { count, like, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { business } from "../db/schema/directory.ts";
import { CATEGORY_SLUGS } from "./categories.ts";
import { KIND_PALETTES, KINDS_BY_CATEGORY, kindPicture } from "./kinds.ts";

const GENERATED_PREFIX = "generated-";
const BATCH = 50_000;

const WORDS = [
  "Maple",
  "Northern",
  "Golden",
  "Harbour",
  "Prairie",
  "Coastal",
  "Urban",
  "Little",
  "Royal",
  "Cedar",
  "Aurora",
  "Summit",
  "Riverside",
  "Lakeside",
  "Hidden",
  "Bright",
  "Old Town",
  "Pine",
  "Blue",
  "Juniper",
  "Boreal",
  "Tamarack",
  "Birch",
  "Granite",
  "Tidewater",
  "Prairie Sky",
  "Red River",
  "Bluenose",
  "Laurentian",
  "Fundy",
];
const KINDS = [
  "Bistro",
  "Cafe",
  "Bakery",
  "Boutique",
  "Market",
  "Pub",
  "Lounge",
  "Studio",
  "Fitness",
  "Spa",
  "Salon",
  "Garage",
  "Plumbing",
  "Auto Care",
  "Gallery",
  "Books",
  "Diner",
  "Kitchen",
  "Yoga",
  "Cycles",
];
const CITIES = [
  ["Toronto", "ON", 43.6532, -79.3832],
  ["Ottawa", "ON", 45.4215, -75.6972],
  ["Montréal", "QC", 45.5019, -73.5674],
  ["Québec", "QC", 46.8139, -71.208],
  ["Trois-Rivières", "QC", 46.343, -72.5432],
  ["Gatineau", "QC", 45.4765, -75.7013],
  ["Vancouver", "BC", 49.2827, -123.1207],
  ["Victoria", "BC", 48.4284, -123.3656],
  ["Calgary", "AB", 51.0447, -114.0719],
  ["Edmonton", "AB", 53.5461, -113.4938],
  ["Winnipeg", "MB", 49.8951, -97.1384],
  ["Saskatoon", "SK", 52.1579, -106.6702],
  ["Regina", "SK", 50.4452, -104.6189],
  ["Halifax", "NS", 44.6488, -63.5752],
  ["Moncton", "NB", 46.0878, -64.7782],
  ["St. John’s", "NL", 47.5615, -52.7126],
] as const;

/** Every picture of each category's kinds, in every colouring, as JSON: { category: [path] }. */
const PICTURES = JSON.stringify(
  Object.fromEntries(
    CATEGORY_SLUGS.map((category) => [
      category,
      KINDS_BY_CATEGORY[category].flatMap((kind) =>
        KIND_PALETTES.map((_, palette) => kindPicture(kind, palette)),
      ),
    ]),
  ),
);

/** A literal SQL array, parenthesised so it can be subscripted. */
function sqlArray(values: readonly (string | number)[], type: "text" | "float8") {
  const items = values.map((value) =>
    typeof value === "number" ? String(value) : `'${value.replace(/'/g, "''")}'`,
  );
  return sql.raw(`(array[${items.join(",")}]::${type}[])`);
}
const textArray = (values: readonly string[]) => sqlArray(values, "text");

/**
 * Adds generated businesses until `target` of them exist, in batches written by PostgreSQL itself
 * (generate_series), so a million rows take minutes rather than hours. Each attribute comes from
 * its own hash of the row number, so names, places and ratings are unrelated, as in real listings.
 * For benchmarks only: their slugs start with "generated-".
 */
export async function scaleBusinesses(
  db: Database,
  target: number,
  onProgress: (done: number) => void = () => {},
) {
  const [row] = await db
    .select({ n: count() })
    .from(business)
    .where(like(business.slug, `${GENERATED_PREFIX}%`));
  let done = row?.n ?? 0;
  const cities = CITIES.map(([city]) => city);
  const provinces = CITIES.map(([, province]) => province);
  const latitudes = sqlArray(
    CITIES.map(([, , lat]) => lat),
    "float8",
  );
  const longitudes = sqlArray(
    CITIES.map(([, , , lng]) => lng),
    "float8",
  );
  while (done < target) {
    const from = done + 1;
    const to = Math.min(done + BATCH, target);
    await db.execute(sql`
      with generated as (
        select g,
          ${textArray(WORDS)}[1 + abs(hashint4(g)) % ${WORDS.length}] || ' ' || ${textArray(KINDS)}[1 + abs(hashint4(g + 1)) % ${KINDS.length}] as name,
          1 + abs(hashint4(g + 2)) % ${CITIES.length} as city_index,
          ${textArray(CATEGORY_SLUGS)}[1 + abs(hashint4(g + 3)) % ${CATEGORY_SLUGS.length}] as category,
          abs(hashint4(g + 4)) as noise,
          abs(hashint4(g + 5)) as picture_noise
        from generate_series(${from}::int, ${to}::int) as g
      ),
      -- As if 1 to 500 people had reviewed each, averaging 2.5 to 5 stars; no review rows are
      -- written, so the triggers that keep these from reviews do not run.
      rated as (
        select *, 1 + noise % 500 as reviews,
          round((1 + noise % 500) * (2.5 + (noise % 26) / 10.0))::int as rating_total
        from generated
      )
      insert into business (slug, name, category, city, province, address, postal_code, latitude, longitude,
        search_name, search_location, rating, review_count, rating_total, price_from_cents, opens_at, closes_at, image,
        cover_image, owner_name, owner_image, description, contact_email)
      select ${GENERATED_PREFIX} || g, name, category,
        ${textArray(cities)}[city_index], ${textArray(provinces)}[city_index],
        (100 + g % 9000) || ' Main Street', 'A1A 1A1',
        ${latitudes}[city_index] + ((g % 200) - 100) / 10000.0, ${longitudes}[city_index] + ((g % 300) - 150) / 10000.0,
        lower(name), lower(translate(${textArray(cities)}[city_index], 'éèÉÈ’', 'eeEE''')) || ' ' || lower(${textArray(provinces)}[city_index]),
        round(rating_total::numeric / reviews, 1), reviews, rating_total, 500 + noise % 20000,
        '09:00', '21:00', pictures -> category ->> (picture_noise % jsonb_array_length(pictures -> category)),
        pictures -> category ->> (picture_noise % jsonb_array_length(pictures -> category)),
        'Owner ' || g, '/images/owners/owner-' || (1 + g % 8) || '.svg',
        jsonb_build_object('en-CA', 'A generated business for load tests.', 'fr-CA', 'Une entreprise générée pour les essais de charge.'),
        -- The address a claim's code goes to, as the demo businesses' (contactEmailFor).
        ${GENERATED_PREFIX} || g || '@example.test'
      from rated, (select ${PICTURES}::jsonb as pictures) as all_pictures
      on conflict (slug) do nothing`);
    done = to;
    onProgress(done);
  }
  // Sets the visibility map too, so searches can read the rank index without visiting the table.
  await db.execute(sql`vacuum analyze business`);
  return done;
}
