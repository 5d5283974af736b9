import { eq, sql } from "drizzle-orm";
import { type RouterContextProvider, redirect } from "react-router";
import type { Db, Tx } from "../db/client.server.ts";
import { SESSION_LIFETIME } from "../db/live-session.server.ts";
import { type ConsentStatus, session, user } from "../db/schema/accounts.ts";
import { statementCache } from "../db/statements.server.ts";
import type { MessageKey } from "../i18n/i18n.ts";
import { localeFromPath, localizedPath, unlocalizedPath } from "../i18n/locale.ts";
import { isEmployerMember } from "../jobs/membership.server.ts";
import { codeForStatus } from "../platform/api.ts";
import { CLIENT_IP_HEADER } from "../platform/config.server.ts";
import { authContext, baseUrlContext, databaseContext } from "../platform/context.ts";
import { AppError } from "../platform/errors.ts";
import { hasLinkedChild } from "../players/consent.server.ts";
import { hasSessionCookie, signedSessionToken } from "./auth.server.ts";

/** What pages know of the signed-in player; never another player's private data. */
export type Viewer = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  handle: string;
  /** As given (null: never given); the shop, plans and promotions are not for a child (mayBeSoldTo). */
  age: number | null;
  /**
   * The player's seconds a quiz question (0: none), read with the session: every quiz call that
   * shows a question needs it, and a query of its own was a quarter of such a call's round trips.
   * As stored (the table allows 0, 30 or 60); the quiz reads it with `quizTimerOf`, since auth does
   * not import the quiz area.
   */
  quizTimer: number;
  /** "player", or a staff role: the header links staff to the console (which checks it again). */
  role: string;
  /**
   * Whether a parent's consent is awaited (decision 0064): a child of an account older than the
   * consent flow ("needs_parent") is sent to give a parent's address before anything else.
   */
  consentStatus: ConsentStatus;
  /**
   * Whether a parent's consent for a child is in force: the account links to /family (which checks
   * the link again, child by child). Read with the session, so the header costs no query of its own.
   */
  parent: boolean;
  /**
   * Whether the player is a member of an employer: the header links them to their employer's
   * pages. Read with the session, as `parent` is, instead of a query of its own on every page.
   */
  employs: boolean;
  /**
   * The console's checks (app/staff/access.server.ts), read with the session so that a console
   * request asks for the member's row no second time: two-factor sign-in on, and not banned.
   */
  twoFactorEnabled: boolean;
  banned: boolean;
  /** The session's id and when it began: staff sessions end 12 hours after (app/staff/access). */
  sessionId: string;
  signedInAt: Date;
};

/** One session lookup per request: the root and the page's loaders share the same context. */
const viewers = new WeakMap<object, Promise<Viewer | null>>();

export function getViewer(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Viewer | null> {
  let viewer = viewers.get(context);
  if (!viewer) {
    viewer = lookUpViewer(request, context);
    viewers.set(context, viewer);
  }
  return viewer;
}

/**
 * The happy path in one query: the signed cookie's session with its player, where Better Auth's
 * getSession takes two queries and its own request machinery, on every signed-in request (a
 * tenth of a quiz answer's CPU, docs/performance.md). A session that has expired or is due for
 * its daily extension goes through Better Auth, which deletes or extends it as it always does
 * (a staff member's session, which cannot be extended, only once it has expired).
 */
async function lookUpViewer(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Viewer | null> {
  const token = sessionTokenOf(request, context);
  if (!token) return null;
  const auth = context.get(authContext);
  const viewerByToken = viewerStatements(context.get(databaseContext), "by token", viewerQuery, {
    samePlanForAnyValues: true,
  });
  const [found] = await viewerByToken.execute({ token });
  if (!found) return null;
  const extendFrom =
    found.expiresAt.getTime() - (SESSION_LIFETIME.expiresIn - SESSION_LIFETIME.updateAge) * 1000;
  if (Date.now() < extendFrom) return viewerOf(found);
  // A staff member's session ends 12 hours after its sign-in whatever Better Auth writes (the
  // session_staff_lifetime trigger, migration 0027), so it is always "due" and extending it never
  // moves its end: asking Better Auth cost every console request two queries, an UPDATE and a
  // signed cookie (docs/performance.md). Until its end, the row read here is the answer; after it,
  // Better Auth deletes it as it does any expired session.
  if (found.role !== "player" && Date.now() < found.expiresAt.getTime()) return viewerOf(found);
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  // Extended (or kept) by Better Auth under the same token: read again, as the happy path does.
  const [extended] = await viewerByToken.execute({ token: session.session.token });
  return extended ? viewerOf(extended) : null;
}

/**
 * The token of the request's session cookie when its signature holds, without a query; null for a
 * visitor. For a statement that reads the session itself (`LIVE_SESSION`), falling back to
 * `requireApiViewer` when it finds none.
 */
export function sessionTokenOf(
  request: Request,
  context: Readonly<RouterContextProvider>,
): string | null {
  // Most requests are visitors': no cookie, no session, no query.
  if (!hasSessionCookie(request.headers)) return null;
  return signedSessionToken(request.headers, context.get(authContext).options.secret as string);
}

function viewerOf(row: Awaited<ReturnType<typeof viewerQuery>>[number]): Viewer {
  const { expiresAt: _, ...viewer } = row;
  return { ...viewer, handle: viewer.handle ?? "", quizTimer: viewer.quizTimer };
}

/** Built once; a named statement with one generic plan (a lookup by token plans the same for any). */
const viewerStatements =
  statementCache<Awaited<ReturnType<typeof viewerQuery>>>("viewer_by_session_token");

function viewerQuery(db: Db | Tx) {
  return db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      image: user.image,
      handle: user.handle,
      age: user.age,
      quizTimer: user.quizTimer,
      role: user.role,
      consentStatus: user.consentStatus,
      parent: hasLinkedChild(sql`${user.id}`),
      employs: isEmployerMember(sql`${user.id}`),
      twoFactorEnabled: user.twoFactorEnabled,
      banned: user.banned,
      sessionId: session.id,
      signedInAt: session.createdAt,
      expiresAt: session.expiresAt,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder("token")));
}

/**
 * The signed-in player, or a redirect to /login that comes back here after signing in. The way
 * back is the page's address, `url` as React Router gives it to loaders and actions: when a click
 * navigates, `request.url` is the data address ("/playgames.data?_routes=…"), not a page.
 */
export async function requireViewer({
  request,
  context,
  url,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  url: URL;
}): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (viewer) return viewer;
  const login = localizedPath("/login", localeFromPath(url.pathname));
  throw redirect(`${login}?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`);
}

/** Where a child whose account predates the consent flow gives a parent's address (decision 0064). */
const PARENT_ADDRESS_PAGE = "/family/waiting";

/**
 * The pages such a child may open before giving the address: that page, signing out, and a
 * parent's consent page (a parent's device may be signed in to the child's account).
 */
const BEFORE_PARENT_ADDRESS = /^\/(?:family\/waiting|logout|family\/consent\/[^/]+)\/?$/;

/**
 * Sends a signed-in child whose account waits for a parent's address to the page that asks for
 * it, from any page until it is given; the root's loader calls it on every full page load and
 * after every form post (such as signing in).
 */
export function requireParentAddress(viewer: Viewer | null, url: URL): void {
  if (viewer?.consentStatus !== "needs_parent") return;
  const path = unlocalizedPath(url.pathname);
  if (BEFORE_PARENT_ADDRESS.test(path)) return;
  throw redirect(localizedPath(PARENT_ADDRESS_PAGE, localeFromPath(url.pathname)));
}

/** Login and sign-up are for visitors: a signed-in player goes home. */
export async function requireVisitor(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<void> {
  if (await getViewer(request, context)) {
    throw redirect(localizedPath("/", localeFromPath(new URL(request.url).pathname)));
  }
}

/**
 * Sends a request to Better Auth's own endpoint (/api/auth/...) on behalf of a form, with the
 * visitor's cookies and address, so forms get exactly the checks, limits and cookies the JSON API
 * gets. The caller passes the answer's Set-Cookie headers on to the browser.
 */
export function callAuth(
  request: Request,
  context: Readonly<RouterContextProvider>,
  path: string,
  body: unknown,
): Promise<Response> {
  const auth = context.get(authContext);
  const baseUrl = context.get(baseUrlContext);
  const headers = new Headers({
    "content-type": "application/json",
    origin: baseUrl,
  });
  for (const name of ["cookie", "user-agent", CLIENT_IP_HEADER, "accept-language"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return auth.handler(
    new Request(`${baseUrl}/api/auth${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
}

/** Better Auth refused for a reason the form did not catch first: too many tries, or it failed. */
export function authFailure(status: number, message: MessageKey, headers?: Headers): AppError {
  const retryAfter = Number(headers?.get("retry-after") ?? headers?.get("x-retry-after"));
  if (status === 429 && retryAfter > 0)
    return new AppError("too_many_requests", {
      message: "auth.problems.tooManyWait",
      retryAfter,
      values: { minutes: Math.ceil(retryAfter / 60) },
    });
  if (status === 429) return new AppError("too_many_requests");
  return new AppError(status >= 500 ? "service_unavailable" : codeForStatus(status), { message });
}

/** The Set-Cookie headers of an auth answer, each kept separate, for the page's own response. */
export function forwardCookies(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The signed-in player for a JSON API call; a visitor gets 401 in the API's error shape. */
export async function requireApiViewer(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (!viewer) throw new AppError("unauthorized");
  return viewer;
}
