import type { MessageKey } from "../i18n/i18n.ts";
import type { IconName } from "./icons.tsx";

/**
 * The site's sections, in the order the navigation bars show them. The mobile bar has SPEC.md's
 * five places (Home, Businesses, Jobs, Play Games, Account); sections marked `desktopOnly` are in
 * the desktop bar, and on phones in the bar's More menu (decision 0014, and paths' record).
 */
export const SITE_SECTIONS: {
  path: string;
  label: MessageKey;
  icon: IconName;
  desktopOnly?: true;
  /** What sells: not shown to a child under 14 (useForSale). */
  sells?: true;
}[] = [
  { path: "/", label: "nav.home", icon: "home" },
  { path: "/businesses", label: "nav.businesses", icon: "store" },
  { path: "/jobs", label: "nav.jobs", icon: "briefcase" },
  { path: "/blogs", label: "nav.blogs", icon: "book", desktopOnly: true },
  { path: "/shop", label: "nav.shop", icon: "cart", desktopOnly: true, sells: true },
  { path: "/pricing", label: "nav.pricing", icon: "tag", desktopOnly: true, sells: true },
  { path: "/playgames", label: "nav.playGames", icon: "game" },
];

/** Whether `pathname` (without language prefix) belongs to the section at `path`. */
export function inSection(pathname: string, path: string): boolean {
  return path === "/" ? pathname === "/" : pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * The children's quiz and what surrounds it: no shop, plan, promotion or cart there (DESIGN.md,
 * "Children's privacy by default").
 */
function inQuizArea(pathname: string): boolean {
  return inSection(pathname, "/playgames");
}

/**
 * Whether the header shows the cart on the page at `pathname` (without language prefix): not in
 * the quiz area, and not in the staff console, a place of work.
 */
export function showsCart(pathname: string): boolean {
  return !inQuizArea(pathname) && !inSection(pathname, "/staff");
}
