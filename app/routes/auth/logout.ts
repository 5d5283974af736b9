import { redirect } from "react-router";
import { callAuth, forwardCookies } from "../../auth/session.server.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import type { Route } from "./+types/logout";

/** Signing out changes state, so only a (same-site) POST does it; a plain visit just goes home. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(localizedPath("/", localeFromPath(new URL(request.url).pathname)));
}

export async function action({ request, context }: Route.ActionArgs) {
  const answer = await callAuth(request, context, "/sign-out", {});
  const home = localizedPath("/", localeFromPath(new URL(request.url).pathname));
  return redirect(`${home}?notice=signed-out`, { headers: forwardCookies(answer) });
}
