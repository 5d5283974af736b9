/** The site's information pages (footer links), each a file in content/pages/. */
export const SITE_PAGES = [
  "about",
  "terms",
  "privacy",
  "support",
  "claim-business",
  "success-stories",
  "business-support",
] as const;

export type SitePageSlug = (typeof SITE_PAGES)[number];

export function isSitePage(slug: string): slug is SitePageSlug {
  return (SITE_PAGES as readonly string[]).includes(slug);
}
