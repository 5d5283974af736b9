/**
 * A visitor's Save: the business to save once they have logged in. Set by the visitor's own POST
 * (never by an address anyone could send them) and read by the business page after sign-in, which
 * then saves it with a POST of its own (a confirm button, pressed by the page's script when this
 * cookie names the business). Nothing is written by a GET.
 */
const PENDING_SAVE = "nearby-save-business";

export function pendingSave(request: Request): number | undefined {
  const cookie = request.headers.get("cookie") ?? "";
  const value = new RegExp(`(?:^|;\\s*)${PENDING_SAVE}=(\\d{1,9})(?:;|$)`).exec(cookie)?.[1];
  return value ? Number(value) : undefined;
}

/** The cookie that remembers the business for an hour, or clears it (null). */
export function pendingSaveCookie(request: Request, businessId: number | null): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const value = businessId === null ? "; Max-Age=0" : "; Max-Age=3600";
  return `${PENDING_SAVE}=${businessId ?? ""}; Path=/; HttpOnly; SameSite=Lax${value}${secure}`;
}
