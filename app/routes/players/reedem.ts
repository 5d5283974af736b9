import { redirect } from "react-router";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import type { Route } from "./+types/reedem";

/** SPEC.md's narrow-screen address: every link uses /redeem; this one moved there for good. */
export function loader({ url }: Route.LoaderArgs) {
  return redirect(`${localizedPath("/redeem", localeFromPath(url.pathname))}${url.search}`, 301);
}
