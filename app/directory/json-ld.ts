import { formatMoney } from "../i18n/format.ts";
import { type Locale, localizedPath } from "../i18n/locale.ts";
import type { CategorySlug } from "./categories.ts";
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

const EVERY_DAY = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
].map((day) => `https://schema.org/${day}`);

/**
 * A business as search engines read it: name, address, telephone (when it has one), position,
 * daily opening hours, price range and the rating of the reviews on this site (none without
 * reviews: an aggregate of nothing would be made up). Addresses are absolute, from BASE_URL.
 */
export function localBusinessJsonLd(business: BusinessDetail, locale: Locale, baseUrl: string) {
  const url = `${baseUrl}${localizedPath(`/businesses/${business.id}`, locale)}`;
  const allDay = business.opensAt === business.closesAt;
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
    openingHoursSpecification: {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: EVERY_DAY,
      opens: allDay ? "00:00" : business.opensAt,
      closes: allDay ? "23:59" : business.closesAt,
    },
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
