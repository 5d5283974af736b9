import { redirect } from "react-router";
import { type Locale, localizedPath } from "../i18n/locale.ts";

/**
 * A visitor's Save (decision 0021), for every kind of thing one saves for later: the thing to save
 * once they have logged in. Set by the visitor's own POST (never by an address anyone could send
 * them) and read by the thing's page after sign-in, which then asks "Save …?" and saves with a
 * POST of its own (a confirm button, pressed by the page's script when this cookie names the
 * thing). Nothing is written by a GET.
 */
type SaveKind = "business" | "job";

/** One cookie per kind, so a business's Save never confirms the job with the same id. */
const cookieName = (kind: SaveKind) => `nearby-save-${kind}`;

function pendingSave(request: Request, kind: SaveKind): number | undefined {
  const cookie = request.headers.get("cookie") ?? "";
  const value = new RegExp(`(?:^|;\\s*)${cookieName(kind)}=(\\d{1,9})(?:;|$)`).exec(cookie)?.[1];
  return value ? Number(value) : undefined;
}

/** The cookie that remembers the thing for an hour, or clears it (null). */
function pendingSaveCookie(request: Request, kind: SaveKind, id: number | null): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const value = id === null ? "; Max-Age=0" : "; Max-Age=3600";
  return `${cookieName(kind)}=${id ?? ""}; Path=/; HttpOnly; SameSite=Lax${value}${secure}`;
}

/**
 * A visitor's Save: to log in, and back to the thing's page at `{here}?save`, which asks to
 * confirm; the cookie says the visitor's own Save asked for it.
 */
export function signInToSave(
  request: Request,
  kind: SaveKind,
  id: number,
  here: string,
  locale: Locale,
): Response {
  const login = localizedPath("/login", locale);
  return redirect(`${login}?${new URLSearchParams({ redirectTo: `${here}?save` })}`, {
    headers: { "Set-Cookie": pendingSaveCookie(request, kind, id) },
  });
}

/**
 * What the thing's page shows after sign-in: `confirm` asks "Save …?" (the address asked and it is
 * not saved yet), `auto` when this browser's own Save asked, so the page's script confirms at once.
 */
export function saveConfirmation(
  request: Request,
  url: URL,
  kind: SaveKind,
  id: number,
  state: { signedIn: boolean; saved: boolean },
): { confirm: boolean; auto: boolean } {
  const confirm = state.signedIn && url.searchParams.has("save") && !state.saved;
  return { confirm, auto: confirm && pendingSave(request, kind) === id };
}

/** The headers of a Save's answer: they clear the cookie once a Save has been done. */
export function savedHeaders(request: Request, kind: SaveKind): Headers {
  const headers = new Headers();
  if (pendingSave(request, kind) !== undefined)
    headers.set("Set-Cookie", pendingSaveCookie(request, kind, null));
  return headers;
}
