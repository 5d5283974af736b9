import { formatMoney } from "../i18n/format.ts";
import { type Locale, localizedPath } from "../i18n/locale.ts";
import type { CategorySlug } from "./categories.ts";
import type { HoursRange } from "./hours.ts";
import type { BusinessDetail } from "./types.ts";

/** The schema.org type closest to each category; LocalBusiness when none is closer. */
const SCHEMA_TYPE: Record<CategorySlug, string> = {
  restaurants: "Restaurant",
  shopping: "Store",
  nightlife: "BarOrPub",
  "active-life": "SportsActivityLocation",
  "beauty-spas": "HealthAndBeautyBusiness",
  "home-services": "HomeAndConstructionBusiness",
  automotive: "AutomotiveBusiness",
  others: "LocalBusiness",
};

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map(
  (day) => `https://schema.org/${day}`,
);

/**
 * A range as schema.org writes it: around the clock is 00:00–23:59 (its convention for open all
 * day); a closing time past midnight stays as it is (schema.org reads closes < opens as the next
 * day).
 */
function openingOf(range: HoursRange) {
  return range.opens === range.closes
    ? { opens: "00:00", closes: "23:59" }
    : { opens: range.opens, closes: range.closes };
}

/**
 * The week, one specification per weekday range, and the special days ahead: a closed one as
 * opens = closes = 00:00 (schema.org's convention for closed), valid on its date only.
 */
function openingHoursJsonLd(hours: BusinessDetail["hours"]) {
  return {
    openingHoursSpecification: hours.week.flatMap((ranges, index) =>
      ranges.map((range) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: DAYS[index],
        ...openingOf(range),
      })),
    ),
    ...(hours.specialDays.length > 0
      ? {
          specialOpeningHoursSpecification: hours.specialDays.flatMap((day) =>
            (day.ranges.length > 0
              ? day.ranges.map(openingOf)
              : [{ opens: "00:00", closes: "00:00" }]
            ).map((opening) => ({
              "@type": "OpeningHoursSpecification",
              validFrom: day.date,
              validThrough: day.date,
              ...opening,
            })),
          ),
        }
      : {}),
  };
}

/**
 * A business as search engines read it: name, address, telephone (when it has one), position,
 * opening hours (the week's and the special days ahead), price range and the rating of the reviews on this site (none without
 * reviews: an aggregate of nothing would be made up). Addresses are absolute, from BASE_URL.
 */
export function localBusinessJsonLd(business: BusinessDetail, locale: Locale, baseUrl: string) {
  const url = `${baseUrl}${localizedPath(`/businesses/${business.id}`, locale)}`;
  const price = formatMoney(business.priceFromCents, locale);
  return {
    "@context": "https://schema.org",
    "@type": SCHEMA_TYPE[business.category],
    "@id": url,
    url,
    name: business.name,
    description: business.description[locale],
    image: new URL(business.coverImage, baseUrl).href,
    address: {
      "@type": "PostalAddress",
      streetAddress: business.address,
      addressLocality: business.city,
      addressRegion: business.province,
      postalCode: business.postalCode,
      addressCountry: "CA",
    },
    ...(business.phone ? { telephone: business.phone } : {}),
    geo: {
      "@type": "GeoCoordinates",
      latitude: business.latitude,
      longitude: business.longitude,
    },
    ...openingHoursJsonLd(business.hours),
    priceRange: `${price}+`,
    ...(business.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: business.rating,
            reviewCount: business.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
