import { and, desc, eq, inArray, like, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client.server.ts";
import {
  type BusinessStatus,
  business,
  businessCategoryCount,
  businessProduct,
  type LocalizedText,
} from "../db/schema/directory.ts";
import { type Bound, statementCache, withPlaceholders } from "../db/statements.server.ts";
import { AppError } from "../platform/errors.ts";
import { lastId, rowsBetween } from "../platform/sitemap.server.ts";
import { CATEGORY_SLUGS, type CategorySlug } from "./categories.ts";
import { galleryOf } from "./gallery.server.ts";
import { openingHoursOf } from "./hours.server.ts";
import { hoursStatus, localToday, type OpeningHours } from "./hours.ts";
import { managerRoleOf } from "./owners.server.ts";
import { promotionShown } from "./promotion.ts";
import { type Cursor, type SearchCriteria, searchCursor } from "./search.ts";
import type { BusinessDetail, BusinessPage, BusinessSummary } from "./types.ts";

const summaryColumns = {
  id: business.id,
  name: business.name,
  category: business.category,
  city: business.city,
  province: business.province,
  rating: business.rating,
  reviewCount: business.reviewCount,
  priceFromCents: business.priceFromCents,
  opensAt: business.opensAt,
  closesAt: business.closesAt,
  timeZone: business.timeZone,
  ownHours: business.ownHours,
  ownerCount: business.ownerCount,
  image: business.image,
  ownerName: business.ownerName,
  ownerImage: business.ownerImage,
};

type SummaryRow = {
  [K in Exclude<keyof typeof summaryColumns, "timeZone">]: (typeof summaryColumns)[K]["_"]["data"];
} & { timeZone: string | null };

function toSummary(
  { ownHours: _, ownerCount, ...row }: SummaryRow,
  hours: OpeningHours,
  now: Date,
): BusinessSummary {
  const status = hoursStatus(hours, now);
  return {
    ...row,
    category: row.category as CategorySlug,
    rating: Number(row.rating),
    opensAt: row.opensAt.slice(0, 5),
    closesAt: row.closesAt.slice(0, 5),
    openNow: status.open,
    timeZone: hours.timeZone,
    status,
    claimed: ownerCount > 0,
  };
}

/** The special days a card's status can meet: yesterday to a week ahead, with a day to spare. */
const STATUS_DAYS_MS = 9 * 24 * 60 * 60 * 1000;

/** Cards of these rows, each with its status from its own hours (read for all in one go). */
async function summariesFrom(
  db: Db | Tx,
  rows: readonly SummaryRow[],
  now: Date,
): Promise<BusinessSummary[]> {
  const hours = await openingHoursOf(db, rows, now, new Date(now.getTime() + STATUS_DAYS_MS));
  return rows.map((row) => toSummary(row, hours.get(row.id) as OpeningHours, now));
}

/** `%text%` for LIKE, with the user's own wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * How far down the ranking a search reads before it asks an index for the rest. Reading the rank
 * index (which holds the search columns) costs about the same for any term, and stops as soon as a
 * page is found: common terms end within a few hundred entries. A term that does not fill a page
 * in this many is rare enough for its own index to be quick (docs/architecture.md, Search).
 */
const RANK_WINDOW = 10_000;

/** Whether pg_trgm can take a trigram from the term (three letters or digits in a row). */
function hasTrigram(term: string): boolean {
  return /[a-z0-9]{3}/.test(term);
}

/** The pieces search_grams stores that a text containing `term` must have. */
function gramsOf(term: string): string[] {
  const characters = [...term];
  if (characters.length < 2) return characters;
  return [...new Set(characters.slice(1).map((character, i) => characters[i] + character))];
}

/** The column contains the term: checked on each entry read (a rank-index entry holds it). */
function contains(column: AnyPgColumn, term: Bound<string>): SQL {
  return sql`strpos(${column}, ${term}) > 0`;
}

/**
 * The column contains the term, written so an index can find the rows: trigrams when the term has
 * one, else the term's 1- and 2-character pieces (the trigram index would recheck every row).
 */
function indexedContains(column: AnyPgColumn, term: string): SQL {
  if (hasTrigram(term)) return like(column, containing(term));
  const grams = sql.join(
    gramsOf(term).map((gram) => sql`${gram}`),
    sql`, `,
  );
  return sql`search_grams(${column}) @> array[${grams}]::text[] and ${contains(column, term)}`;
}

/** What a search compares; each left out when not given. */
type SearchFields = {
  title?: Bound<string>;
  location?: Bound<string>;
  /** `% ab`: the search location ends with the province's code, as every one does. */
  provinceEnd?: Bound<string>;
  category?: Bound<string>;
  cursorRating?: Bound<string>;
  cursorId?: Bound<number>;
};

/** The search columns and the terms they must contain. */
function termsOf<Term>(fields: { title?: Term; location?: Term }): [AnyPgColumn, Term][] {
  const terms: [AnyPgColumn, Term][] = [];
  if (fields.title !== undefined) terms.push([business.searchName, fields.title]);
  if (fields.location !== undefined) terms.push([business.searchLocation, fields.location]);
  return terms;
}

/**
 * In the province: a LIKE on the search location's end, which the rank index holds (so the walk
 * stays index-only) and the location's trigram index can answer below the window.
 */
function inProvince(column: AnyPgColumn, provinceEnd: Bound<string> | undefined): SQL | undefined {
  return provinceEnd === undefined ? undefined : sql`${column} like ${provinceEnd}`;
}

/** Where a page starts: in the category, below the cursor (each only when given). */
function pageStart(fields: SearchFields): SQL | undefined {
  return and(
    // As the rank indexes' own predicate, so the planner walks them (only listed businesses).
    sql`${business.listed}`,
    fields.category === undefined ? undefined : eq(business.category, fields.category),
    fields.cursorRating === undefined
      ? undefined
      : sql`(${business.rating}, ${business.id}) < (${fields.cursorRating}::numeric, ${fields.cursorId})`,
  );
}

const rank = [desc(business.rating), desc(business.id)];

/** The walk down the ranking (see `searchBusinesses`): `wanted` rows at most. */
function rankWindowQuery(db: Db | Tx, fields: SearchFields, wanted: Bound<number>) {
  const ranked = db
    .select({
      id: business.id,
      rating: business.rating,
      searchName: business.searchName,
      searchLocation: business.searchLocation,
    })
    .from(business)
    .where(pageStart(fields))
    .orderBy(...rank)
    .limit(RANK_WINDOW)
    .as("ranked");
  const column = (of: AnyPgColumn) =>
    of === business.searchName ? ranked.searchName : ranked.searchLocation;
  const found = db
    .select({ id: ranked.id, rating: ranked.rating })
    .from(ranked)
    .where(
      and(
        ...termsOf(fields).map(([of, term]) => contains(column(of), term)),
        inProvince(ranked.searchLocation, fields.provinceEnd),
      ),
    )
    .orderBy(desc(ranked.rating), desc(ranked.id))
    .limit(wanted)
    .as("found");
  return db
    .select(summaryColumns)
    .from(found)
    .innerJoin(business, eq(business.id, found.id))
    .orderBy(desc(found.rating), desc(found.id));
}

const windowStatements =
  statementCache<Awaited<ReturnType<typeof rankWindowQuery>>>("business_search");

/**
 * Businesses matching every given criterion, best rated first, `limit` at a time. Pass the
 * previous page's `nextCursor` to continue; it is null on the last page.
 *
 * First a walk down the ranking: an index-only scan of at most RANK_WINDOW entries that stops as
 * soon as the page is full, then only the rows kept are fetched. When the window ends first, the
 * rest comes from the text indexes, below the window. So no plan depends on the planner's guess of
 * how common a term is, and no term reads more than the window plus its own matches.
 */
export async function searchBusinesses(
  db: Db | Tx,
  criteria: SearchCriteria,
  page: { limit: number; cursor?: Cursor },
  now = new Date(),
): Promise<BusinessPage> {
  const fields = {
    title: criteria.title || undefined,
    location: criteria.location || undefined,
    provinceEnd: criteria.province && `% ${criteria.province.toLowerCase()}`,
    category: criteria.category || undefined,
    cursorRating: page.cursor?.rating,
    cursorId: page.cursor?.id,
  };
  const wanted = page.limit + 1;
  const { bound, values, shape } = withPlaceholders({ ...fields, wanted });
  // The walk reads the same index whatever the terms (decision 0009): one plan serves them all.
  const window = windowStatements(
    db,
    shape,
    (handle) => rankWindowQuery(handle, bound, bound.wanted),
    {
      samePlanForAnyValues: true,
    },
  );
  const rows = await window.execute(values);

  const terms = termsOf(fields);
  if (rows.length < wanted && (terms.length > 0 || fields.provinceEnd)) {
    const start = pageStart(fields);
    // Below the window's last entry; none when the window held every remaining entry.
    const windowEnd = db
      .select({ rating: business.rating, id: business.id })
      .from(business)
      .where(start)
      .orderBy(...rank)
      .offset(RANK_WINDOW - 1)
      .limit(1);
    rows.push(
      ...(await db
        .select(summaryColumns)
        .from(business)
        .where(
          and(
            start,
            sql`(${business.rating}, ${business.id}) < (${windowEnd})`,
            ...terms.map(([of, term]) => indexedContains(of, term)),
            inProvince(business.searchLocation, fields.provinceEnd),
          ),
        )
        // `rating + 0`: no index is in that order, so the planner cannot walk the ranking again;
        // the window showed the term is rare, so its own index finds every match, then they are
        // sorted.
        .orderBy(sql`${business.rating} + 0 desc`, desc(business.id))
        .limit(wanted - rows.length)),
    );
  }

  const items = await summariesFrom(db, rows.slice(0, page.limit), now);
  const last = rows.length > page.limit ? rows[page.limit - 1] : undefined;
  return {
    items,
    nextCursor: last ? searchCursor.encode({ rating: last.rating, id: last.id }) : null,
  };
}

/** A text kept in one language or both, filled in both: a missing one shows the other. */
function bothLanguages(text: LocalizedText): LocalizedText {
  return { "en-CA": text["en-CA"] || text["fr-CA"], "fr-CA": text["fr-CA"] || text["en-CA"] };
}

/** One listed business with everything its page shows; none with that id is `not_found`. */
export async function getBusiness(
  db: Db | Tx,
  id: number,
  now = new Date(),
): Promise<BusinessDetail> {
  return (await businessForViewer(db, id, null, now)).business;
}

/**
 * One business as `viewerId` may see it, and where it stands with staff. A listing waiting for
 * staff (or rejected) is `not_found` to everyone but the player who added it and staff, who see it
 * with a note; one hidden by moderators is `gone` (410) until it is restored.
 */
export async function businessForViewer(
  db: Db | Tx,
  id: number,
  viewerId: string | null,
  now = new Date(),
): Promise<{ business: BusinessDetail; status: BusinessStatus }> {
  const [row] = await db
    .select({
      ...summaryColumns,
      address: business.address,
      postalCode: business.postalCode,
      latitude: business.latitude,
      longitude: business.longitude,
      coverImage: business.coverImage,
      coverAlt: business.coverAlt,
      website: business.website,
      phone: business.phone,
      description: business.description,
      promoTitle: business.promoTitle,
      promoDescription: business.promoDescription,
      promoImage: business.promoImage,
      promoStartsOn: business.promoStartsOn,
      promoEndsOn: business.promoEndsOn,
      hiddenAt: business.hiddenAt,
      status: business.status,
      submittedBy: business.submittedBy,
    })
    .from(business)
    .where(eq(business.id, id));
  if (!row) throw new AppError("not_found");
  if (row.status !== "approved") {
    const maySee =
      viewerId !== null &&
      (viewerId === row.submittedBy || (await managerRoleOf(db, id, viewerId)) !== undefined);
    if (!maySee) throw new AppError("not_found");
  }
  if (row.hiddenAt) throw new AppError("gone");

  const products = await db
    .select({
      id: businessProduct.id,
      name: businessProduct.name,
      priceCents: businessProduct.priceCents,
      image: businessProduct.image,
      imageAlt: businessProduct.imageAlt,
      url: businessProduct.url,
    })
    .from(businessProduct)
    .where(eq(businessProduct.businessId, id))
    .orderBy(businessProduct.position);

  const gallery = (await galleryOf(db, id)).map(({ file, alt }) => ({ image: file, alt }));

  const {
    promoTitle,
    promoDescription,
    promoImage,
    promoStartsOn,
    promoEndsOn,
    hiddenAt: _,
    status,
    submittedBy: __,
    ...rest
  } = row;
  const hours = (await openingHoursOf(db, [rest], now)).get(id) as OpeningHours;
  const today = localToday(hours.timeZone, now);
  const detail: BusinessDetail = {
    ...toSummary(rest, hours, now),
    hours: {
      week: hours.week,
      specialDays: hours.specialDays.filter((day) => day.date >= today),
    },
    address: rest.address,
    postalCode: rest.postalCode,
    latitude: rest.latitude,
    longitude: rest.longitude,
    coverImage: rest.coverImage,
    coverAlt: rest.coverAlt,
    website: rest.website,
    phone: rest.phone,
    // A listing may have its description in one language only: the other shows that one.
    description: bothLanguages(rest.description),
    // Its promotion only on its days, on the listing's calendar.
    promo:
      promoTitle &&
      promoDescription &&
      promoImage &&
      promotionShown({ startsOn: promoStartsOn, endsOn: promoEndsOn }, hours.timeZone, now)
        ? {
            title: bothLanguages(promoTitle),
            description: bothLanguages(promoDescription),
            image: promoImage,
            endsOn: promoEndsOn,
          }
        : null,
    // A product's name and picture's text too; a seeded product's picture is told by its name.
    products: products.map(({ name, imageAlt, ...product }) => ({
      ...product,
      name: bothLanguages(name),
      imageAlt: bothLanguages(imageAlt ?? name),
    })),
    gallery,
  };
  return { business: detail, status };
}

/**
 * The cards of these businesses, in the order given; ids without a business, or of one not listed
 * (hidden by moderators, waiting for staff), are left out.
 */
export async function summariesOf(
  db: Db | Tx,
  ids: readonly number[],
  now = new Date(),
): Promise<BusinessSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(summaryColumns)
    .from(business)
    .where(and(inArray(business.id, [...ids]), eq(business.listed, true)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return summariesFrom(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
    now,
  );
}

/** A business people can write about and report: there, and listed. */
export async function businessExists(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: business.id })
    .from(business)
    .where(and(eq(business.id, id), eq(business.listed, true)));
  return row !== undefined;
}

/** The sitemap's businesses: ids 1 to the last, read by keyset pages. */
export const lastBusinessId = (db: Db | Tx) => lastId(db, business.id);
/** Listings for the sitemap, each with when it was last added or edited. */
export const businessRowsBetween = (db: Db | Tx, afterId: number, upToId: number, limit: number) =>
  rowsBetween(
    db,
    { id: business.id, lastmod: business.updatedAt, listed: eq(business.listed, true) },
    afterId,
    upToId,
    limit,
  );

/**
 * How many businesses each category holds, every category present (zero when empty), from the
 * counts the database keeps with every change (never a count of the table).
 */
export async function countBusinessesByCategory(
  db: Db | Tx,
): Promise<Record<CategorySlug, number>> {
  const rows = await db
    .select({ category: businessCategoryCount.category, places: businessCategoryCount.places })
    .from(businessCategoryCount);
  const counts = Object.fromEntries(CATEGORY_SLUGS.map((slug) => [slug, 0])) as Record<
    CategorySlug,
    number
  >;
  for (const row of rows) {
    if (row.category in counts) counts[row.category as CategorySlug] = row.places;
  }
  return counts;
}
