import { createHmac, timingSafeEqual } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { type Locale, localizedPath } from "../i18n/locale.ts";
import { authContext, baseUrlContext } from "../platform/context.ts";

/** What an e-mail needs to link to an order's status page: the site's address and the secret. */
export type OrderLinks = { baseUrl: string; secret: string };

/** A key of its own, derived from the auth secret: an order's token can never pass as anything else. */
function linkKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("nearby:order-status:v1").digest();
}

/**
 * The token that opens an order's status page without signing in: an HMAC of its id, so it cannot
 * be guessed, needs no column, and never carries the buyer's e-mail (decision 0050).
 */
export function orderToken(id: number, secret: string): string {
  return createHmac("sha256", linkKey(secret)).update(String(id)).digest("base64url");
}

export function isOrderToken(id: number, token: string, secret: string): boolean {
  const expected = Buffer.from(orderToken(id, secret));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The status page's full address with its token, in the buyer's language, for e-mails. */
export function orderStatusUrl(id: number, locale: Locale, links: OrderLinks): string {
  return `${links.baseUrl}${localizedPath(`/orders/${id}`, locale)}?t=${orderToken(id, links.secret)}`;
}

/** The links' settings for this request: the site's address and the auth secret. */
export function orderLinksOf(context: Readonly<RouterContextProvider>): OrderLinks {
  return {
    baseUrl: context.get(baseUrlContext),
    secret: context.get(authContext).options.secret as string,
  };
}
