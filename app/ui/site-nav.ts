import type { MessageKey } from "../i18n/i18n.ts";
import type { IconName } from "./icons.tsx";

/** The site's sections, in the order both navigation bars show them. */
export const SITE_SECTIONS: { path: string; label: MessageKey; icon: IconName }[] = [
  { path: "/", label: "nav.home", icon: "home" },
  { path: "/businesses", label: "nav.businesses", icon: "store" },
  { path: "/playgames", label: "nav.playGames", icon: "game" },
];

/** Whether `pathname` (without language prefix) belongs to the section at `path`. */
export function inSection(pathname: string, path: string): boolean {
  return path === "/" ? pathname === "/" : pathname === path || pathname.startsWith(`${path}/`);
}
