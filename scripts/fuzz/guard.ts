/**
 * The fuzz must never send a request that is valid and would legitimately change data: a sound
 * sign-up, profile edit, account deletion, sign-out... Every case goes through its route's judge
 * before it is sent; the judge reads the body exactly as the server will (the same Request class
 * of the same Node) and says whether it is such a request. Those are left out and counted.
 * Malformed input (NUL, lone surrogates, invalid UTF-8, control characters) is never "valid":
 * if the site stores it, that is a finding.
 */
import { z } from "zod";
import {
  authEndpointSchemas,
  signInSchema,
  signUpSchema,
  usernameField,
} from "../../app/auth/validation.ts";
import {
  answerSchema,
  reportSchema as communityReportSchema,
  questionSchema,
  reviewSchema,
} from "../../app/directory/community.ts";
import { LOCALES } from "../../app/i18n/locale.ts";
import { alertFormSchema } from "../../app/jobs/alert-filters.ts";
import { applicationSchema } from "../../app/jobs/application.ts";
import { reportSchema } from "../../app/jobs/report.ts";
import { consentWaitingSchema } from "../../app/players/consent-form.ts";
import { followFormSchema } from "../../app/players/follow-form.ts";
import {
  idempotencyKeyField,
  redeemPageFormSchema,
  redeemRequestSchema,
} from "../../app/players/redeem-form.ts";
import { profileFormSchema, settingsSchema } from "../../app/players/schemas.ts";
import { planRequestSchema } from "../../app/pricing/schemas.ts";
import { playFormSchema, startSchema } from "../../app/quiz/schemas.ts";
import {
  addItemSchema,
  cartFormSchema,
  checkoutSchema,
  provinceSchema,
  quantitySchema,
} from "../../app/shop/schemas.ts";
import type { RawRequest } from "./http.ts";

export type Player = { name: string; email: string; password: string; token: string };

/** What the server will see of a request, as far as deciding whether it changes data goes. */
export type Seen = {
  method: string;
  signedIn: boolean;
  contentType: string;
  /** A request header's value (several joined with ", ", as Node joins them), if sent. */
  header: (name: string) => string | undefined;
  /** The body as sent, and as cut short or re-framed: any of them may be what the server reads. */
  bodies: Uint8Array[];
};

export type Judge = (seen: Seen, players: Player[]) => Promise<boolean>;

const MALFORMED_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text a person could have typed: no NUL, controls, lone surrogates or decoding replacements. */
function wellFormed(...values: unknown[]): boolean {
  return values.every((value) => typeof value !== "string" || !MALFORMED_TEXT.test(value));
}

function request(contentType: string, body: Uint8Array) {
  return new Request("http://fuzz.invalid/", {
    method: "POST",
    headers: contentType ? { "content-type": contentType } : {},
    body: body as BufferSource,
  });
}

/**
 * The form a page action reads, or null when request.formData() throws there too (or the headers
 * are ones no request can carry: the server's HTTP parser refuses those before any handler).
 */
async function formOf(contentType: string, body: Uint8Array): Promise<FormData | null> {
  try {
    return await request(contentType, body).formData();
  } catch {
    return null;
  }
}

/** request.json() as PATCH /api/me calls it, whatever the declared type. */
async function jsonOf(body: Uint8Array): Promise<unknown> {
  try {
    return await request("", body).json();
  } catch {
    return undefined;
  }
}

/** The body as Better Auth's router reads it (better-call's getBody). */
async function authBodyOf(contentType: string, body: Uint8Array): Promise<unknown> {
  const type = contentType.toLowerCase();
  if (/^application\/([a-z0-9.+-]*\+)?json/i.test(type)) return jsonOf(body);
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const form = await formOf(contentType, body);
    return form ? Object.fromEntries(form) : undefined;
  }
  return undefined;
}

const MUTATING = (method: string) => method !== "GET" && method !== "HEAD";

/** A judge over each body the server could read; valid if any of them is. */
function overBodies(
  read: (contentType: string, body: Uint8Array) => Promise<unknown>,
  valid: (value: unknown, seen: Seen, players: Player[]) => boolean,
): Judge {
  return async (seen, players) => {
    if (!MUTATING(seen.method)) return false;
    for (const body of seen.bodies) {
      const value = await read(seen.contentType, body);
      if (value !== undefined && value !== null && valid(value, seen, players)) return true;
    }
    return false;
  };
}

const isPlayerEmail = (players: Player[], email: unknown) =>
  typeof email === "string" &&
  players.some((player) => player.email.toLowerCase() === email.trim().toLowerCase());
const isPlayerPassword = (players: Player[], password: unknown) =>
  players.some((player) => player.password === password);
const isPlayerToken = (players: Player[], token: unknown) =>
  typeof token === "string" && players.some((player) => token.includes(player.token));
const record = (value: unknown) =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

export const NEVER: Judge = async () => false;

/**
 * A body the route's schema takes (read as the route reads it: a form, or JSON by its type), whose
 * fields the schema reads are text a person could have typed. Fields the schema does not read are
 * ignored by the route, as here.
 */
function bodyJudge(
  read: (contentType: string, body: Uint8Array) => Promise<unknown>,
  schema: z.ZodType,
): Judge {
  return overBodies(read, (value) => {
    const fields = value instanceof FormData ? Object.fromEntries(value) : value;
    const parsed = schema.safeParse(fields);
    return parsed.success && wellFormed(...Object.values(record(parsed.data) ?? {}));
  });
}

/** A body the schema takes, read as readInput reads it (a form or JSON), from a signed-in player. */
function playerBodyJudge(schema: z.ZodType): Judge {
  const judge = bodyJudge(authBodyOf, schema);
  return async (seen, players) => seen.signedIn && judge(seen, players);
}

/** A write whose body is not read (PUT saves or follows, DELETE undoes it): any from a player. */
const playerPutOrDelete: Judge = async (seen) =>
  seen.signedIn && (seen.method === "PUT" || seen.method === "DELETE");

/** A form's fields as readInput gives them: a name sent more than once keeps all its values. */
function groupFields(form: FormData): Map<string, FormDataEntryValue | FormDataEntryValue[]> {
  const grouped = new Map<string, FormDataEntryValue | FormDataEntryValue[]>();
  for (const [name, value] of form) {
    const before = grouped.get(name);
    grouped.set(name, before === undefined ? value : [before, value].flat());
  }
  return grouped;
}

/** Pages and API routes, by route file (see app/routes.ts). */
export const PAGE_JUDGES: Record<string, Judge> = {
  "routes/auth/login.tsx": overBodies(formOf, (value, _seen, players) => {
    const form = Object.fromEntries(value as FormData);
    if (form.intent === "register") {
      const { name, email, password, confirmPassword, age } = form;
      return (
        signUpSchema.safeParse(form).success &&
        wellFormed(name, email, password, confirmPassword, age)
      );
    }
    if (form.intent === "google") return false;
    return signInSchema.safeParse(form).success && isPlayerPassword(players, form.password);
  }),
  "routes/auth/forgot-password.tsx": overBodies(formOf, (value, _seen, players) =>
    isPlayerEmail(players, (value as FormData).get("email")),
  ),
  "routes/players/profile.tsx": overBodies(formOf, (value, seen) => {
    if (!seen.signedIn) return false;
    // The page's own schema decides which bodies are real edits, settings, deletions or resends.
    const form = value as FormData;
    const picture = form.get("picture");
    if (picture instanceof File && picture.size > 0) return true;
    return profileFormSchema.safeParse(Object.fromEntries(form)).success;
  }),
  "routes/auth/logout.ts": async (seen) => MUTATING(seen.method) && seen.signedIn,
  // The cart's writes need no account: any body its schema takes may change a cart or an order.
  "routes/shop/cart.tsx": bodyJudge(formOf, cartFormSchema),
  "routes/shop/api.cart.ts": async (seen, players) =>
    seen.method === "DELETE" || bodyJudge(authBodyOf, provinceSchema)(seen, players),
  "routes/shop/api.cart-items.ts": bodyJudge(authBodyOf, addItemSchema),
  "routes/shop/api.cart-item.ts": async (seen, players) =>
    seen.method === "DELETE" || bodyJudge(authBodyOf, quantitySchema)(seen, players),
  "routes/shop/api.cart-checkout.ts": bodyJudge(authBodyOf, checkoutSchema),
  "routes/pricing/pricing.tsx": bodyJudge(formOf, planRequestSchema),
  // The fuzz players gave no age, so they wait for a parent's consent: a sound ask or resend writes
  // the consent request and its e-mail.
  "routes/players/family-waiting.tsx": bodyJudge(formOf, consentWaitingSchema),
  // Every sound quiz form writes (a session, an answer, the timer setting), even for a session id
  // the player does not have: the setting is saved before the session is looked for.
  "routes/quiz/playgames.tsx": overBodies(
    formOf,
    (value, seen) =>
      seen.signedIn && playFormSchema.safeParse(Object.fromEntries(value as FormData)).success,
  ),
  "routes/quiz/api.quiz.sessions.ts": overBodies(
    authBodyOf,
    (value, seen) => seen.signedIn && startSchema.safeParse(value).success,
  ),
  ...Object.fromEntries(
    ["routes/jobs/apply.tsx", "routes/jobs/api.job.applications.ts"].map(
      (file): [string, Judge] => [
        file,
        async (seen) => {
          if (!MUTATING(seen.method)) return false;
          for (const body of seen.bodies) {
            const form = await formOf(seen.contentType, body);
            if (!form) continue;
            const parsed = await applicationSchema.safeParseAsync(Object.fromEntries(form));
            if (parsed.success && wellFormed(parsed.data.fullName, parsed.data.summary))
              return true;
          }
          return false;
        },
      ],
    ),
  ),
  "routes/jobs/detail.tsx": overBodies(formOf, (value, seen) => {
    const intent = (value as FormData).get("intent");
    return seen.signedIn && (intent === "save" || intent === "unsave");
  }),
  "routes/jobs/saved.tsx": overBodies(formOf, (_value, seen) => seen.signedIn),
  "routes/jobs/report.tsx": bodyJudge(formOf, reportSchema),
  "routes/jobs/alert-new.tsx": overBodies(formOf, (value) => {
    const parsed = alertFormSchema.safeParse(Object.fromEntries(groupFields(value as FormData)));
    return parsed.success && wellFormed(parsed.data.email, ...Object.values(parsed.data.filters));
  }),
  "routes/directory/api.business.reviews.ts": playerBodyJudge(reviewSchema),
  "routes/directory/api.business.questions.ts": playerBodyJudge(questionSchema),
  "routes/directory/api.review.ts": async (seen, players) =>
    (seen.signedIn && seen.method === "DELETE") || playerBodyJudge(reviewSchema)(seen, players),
  "routes/directory/api.question.answers.ts": playerBodyJudge(answerSchema),
  "routes/directory/api.reports.ts": playerBodyJudge(communityReportSchema),
  // Visitors may report a business too (counted by a hash of their address).
  "routes/directory/api.business.reports.ts": bodyJudge(authBodyOf, communityReportSchema),
  "routes/directory/report.tsx": playerBodyJudge(communityReportSchema),
  "routes/directory/api.saved-business.ts": playerPutOrDelete,
  "routes/players/api.player.follow.ts": playerPutOrDelete,
  "routes/players/profile-view.tsx": playerBodyJudge(followFormSchema),
  "routes/players/redeem.tsx": playerBodyJudge(redeemPageFormSchema),
  // Without a well-formed Idempotency-Key the route refuses the body before reading it.
  "routes/players/api.redeem.requests.ts": async (seen, players) =>
    idempotencyKeyField.safeParse(seen.header("idempotency-key")).success &&
    playerBodyJudge(redeemRequestSchema)(seen, players),
  "routes/players/api.me.ts": async (seen) => {
    if (!seen.signedIn) return false;
    if (seen.method === "DELETE") return true;
    if (seen.method !== "PATCH") return false;
    for (const body of seen.bodies) {
      const parsed = settingsSchema.safeParse(await jsonOf(body));
      if (parsed.success && Object.keys(parsed.data).length > 0 && wellFormed(parsed.data.name))
        return true;
    }
    return false;
  },
};

/**
 * Columns of the player a sign-up or Better Auth's update-user must not let a client set; a body
 * naming one is malformed. Other unknown keys are ignored by Better Auth, so they do not make an
 * otherwise valid body malformed.
 */
export const PROTECTED_USER_FIELDS = [
  "id",
  "email",
  "emailVerified",
  "image",
  "handle",
  "points",
  "usesPoints",
  "playerType",
  "winner",
  "playMatch",
  "createdAt",
  "updatedAt",
];
const protectedField = (body: Record<string, unknown>) =>
  PROTECTED_USER_FIELDS.some((field) => field in body);
/** Age as the API takes it (a number) or as a form carries it (digits). */
const ageSchema = z
  .union([
    z.int(),
    z
      .string()
      .regex(/^\d{1,3}$/)
      .transform(Number),
  ])
  .pipe(z.number().min(4).max(120));
const userFields = z.object({
  name: usernameField.optional(),
  age: ageSchema.optional(),
  locale: z.enum(LOCALES).optional(),
});

/** Better Auth's endpoints, by path under /api/auth. */
export const AUTH_JUDGES: Record<string, Judge> = {
  "/sign-up/email": overBodies(authBodyOf, (value) => {
    const body = record(value);
    if (!body) return false;
    return authEndpointSchemas["/sign-up/email"].safeParse(body).success;
  }),
  "/sign-in/email": overBodies(authBodyOf, (value, _seen, players) =>
    isPlayerPassword(players, record(value)?.password),
  ),
  "/request-password-reset": overBodies(authBodyOf, (value, _seen, players) =>
    isPlayerEmail(players, record(value)?.email),
  ),
  "/send-verification-email": overBodies(authBodyOf, (value, _seen, players) =>
    isPlayerEmail(players, record(value)?.email),
  ),
  "/update-user": overBodies(authBodyOf, (value, seen) => {
    const body = record(value);
    const parsed = userFields.safeParse(body);
    return (
      seen.signedIn &&
      body !== null &&
      !protectedField(body) &&
      parsed.success &&
      Object.values(parsed.data).some((field) => field !== undefined) &&
      wellFormed(parsed.data.name)
    );
  }),
  "/change-password": overBodies(
    authBodyOf,
    (value, seen, players) =>
      seen.signedIn && isPlayerPassword(players, record(value)?.currentPassword),
  ),
  "/revoke-session": overBodies(
    authBodyOf,
    (value, seen, players) => seen.signedIn && isPlayerToken(players, record(value)?.token),
  ),
  "/unlink-account": overBodies(
    authBodyOf,
    (value, seen) => seen.signedIn && record(value)?.providerId === "credential",
  ),
  ...Object.fromEntries(
    [
      "/sign-out",
      "/revoke-sessions",
      "/revoke-other-sessions",
      "/update-session",
      "/delete-user",
      "/change-email",
    ].map((path): [string, Judge] => [
      path,
      async (seen) => MUTATING(seen.method) && seen.signedIn,
    ]),
  ),
};

/** What the server sees of a raw request, for the judges. */
export function seenOf(raw: RawRequest, players: Player[]): Seen {
  const header = (name: string) =>
    raw.headers.filter(([key]) => key.toLowerCase() === name).map(([, value]) => value);
  const body = raw.body ?? new Uint8Array();
  const bodies = [body];
  if (raw.cutAt !== undefined) bodies.push(body.subarray(0, raw.cutAt));
  if (typeof raw.framing === "object") {
    const declared = Number.parseInt(raw.framing.contentLength, 10);
    if (declared >= 0) bodies.push(body.subarray(0, declared));
  }
  if (raw.framing === "none") bodies.push(new Uint8Array());
  const cookies = header("cookie").join("; ");
  return {
    method: raw.method.toUpperCase(),
    signedIn: isPlayerToken(players, decodeURIComponentSafe(cookies)),
    contentType: header("content-type").join(", "),
    header: (name) => {
      const values = header(name);
      return values.length > 0 ? values.join(", ") : undefined;
    },
    bodies,
  };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return `${text} ${decodeURIComponent(text)}`;
  } catch {
    return text;
  }
}

/** Whether the server refuses the request before any handler: another site's Origin (see host.server.ts). */
export function refusedAsCrossSite(raw: RawRequest): boolean {
  const get = (name: string) => raw.headers.find(([key]) => key.toLowerCase() === name)?.[1];
  const origin = get("origin");
  const host = get("host");
  if (origin === undefined) return get("sec-fetch-site") === "cross-site";
  if (origin === "null") return true;
  try {
    return host !== undefined && new URL(origin).host !== host;
  } catch {
    // The server may fail on it rather than refuse it: judge the request as if it got through.
    return false;
  }
}
