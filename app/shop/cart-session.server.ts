import { createHmac, timingSafeEqual } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { getViewer } from "../auth/session.server.ts";
import { authContext, databaseContext } from "../platform/context.ts";
import {
  createVisitorCart,
  mergeVisitorCart,
  playerCartId,
  readCart,
  readPlayerCart,
  VISITOR_CART_DAYS,
  visitorCartExists,
} from "./cart.server.ts";
import type { Cart } from "./types.ts";

/** The visitor's cart id and its signature; httpOnly, so no script reads it. */
export const CART_COOKIE = "nearby_cart";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A key of its own, derived from the auth secret: a cart cookie can never pass as anything else. */
function cookieKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("nearby:cart-cookie:v1").digest();
}

function signature(cartId: string, secret: string): string {
  return createHmac("sha256", cookieKey(secret)).update(cartId).digest("base64url");
}

function signCartId(cartId: string, secret: string): string {
  return `${cartId}.${signature(cartId, secret)}`;
}

/** The cart id a cookie value carries, when its signature is ours; otherwise undefined. */
function verifyCartCookie(value: string | undefined, secret: string): string | undefined {
  const [cartId = "", mac = "", ...rest] = (value ?? "").split(".");
  if (rest.length > 0 || !UUID.test(cartId)) return undefined;
  const expected = Buffer.from(signature(cartId, secret));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? cartId : undefined;
}

function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

function cartCookie(value: string, maxAge: number, secure: boolean): string {
  return [
    `${CART_COOKIE}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${maxAge}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

export type OpenedCart = {
  /** The cart to read or change; null when there is none and none was to be made. */
  cartId: string | null;
  /** The signed-in player, or null for a visitor. */
  userId: string | null;
  /** Set-Cookie headers the response must carry (a new visitor's cart, or one merged away). */
  headers: Headers;
};

/**
 * The request's cart. A player's is their account's; a visitor's is named by the signed cookie,
 * and made (with its cookie) only when `create` is set, that is when something is added. When a
 * player's request still carries a visitor's cookie, they have just signed in: that cart joins
 * theirs and the cookie is cleared, whichever way they signed in (decision 0013).
 */
export async function openCart(
  request: Request,
  context: Readonly<RouterContextProvider>,
  { create }: { create: boolean },
): Promise<OpenedCart> {
  const db = context.get(databaseContext);
  const auth = context.get(authContext);
  const secret = auth.options.secret as string;
  const secure = Boolean(auth.options.advanced?.useSecureCookies);
  const headers = new Headers();
  const viewer = await getViewer(request, context);
  const cookieValue = readCookie(request, CART_COOKIE);
  const visitorCartId = verifyCartCookie(cookieValue, secret);

  if (viewer) {
    const cartId = await playerCartId(db, viewer.id, {
      create: create || visitorCartId !== undefined,
    });
    if (visitorCartId && cartId) await mergeVisitorCart(db, visitorCartId, cartId);
    if (cookieValue !== undefined) headers.append("Set-Cookie", cartCookie("", 0, secure));
    return { cartId, userId: viewer.id, headers };
  }
  if (visitorCartId && (await visitorCartExists(db, visitorCartId)))
    return { cartId: visitorCartId, userId: null, headers };
  if (!create) return { cartId: null, userId: null, headers };
  const cartId = await createVisitorCart(db);
  headers.append(
    "Set-Cookie",
    cartCookie(signCartId(cartId, secret), VISITOR_CART_DAYS * 24 * 60 * 60, secure),
  );
  return { cartId, userId: null, headers };
}

/**
 * The cart the navigation shows: a signed-in player's in one statement, unless a visitor's cart
 * waits to join it (openCart does that, and clears its cookie with `headers`).
 */
export async function shellCart(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ cart: Cart; headers: Headers }> {
  const db = context.get(databaseContext);
  const viewer = await getViewer(request, context);
  if (viewer && readCookie(request, CART_COOKIE) === undefined)
    return { cart: await readPlayerCart(db, viewer.id), headers: new Headers() };
  const opened = await openCart(request, context, { create: false });
  return { cart: await readCart(db, opened.cartId), headers: opened.headers };
}
