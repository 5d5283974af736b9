import type en from "../i18n/messages/en-CA.json";

// Apart from errors.ts, which builds zod schemas: the root route reads this table for its error
// page, and a zod object schema built before app/zod.client.ts turns zod's compiler off tries
// `new Function`, which the site's CSP refuses.

/**
 * Every failure a service or route reports, with its HTTP status. The message a person reads is
 * the code's key under `errors` in the message files (`errorMessage`); `satisfies` makes a code
 * without a status, or without a message, fail the type check.
 */
export const ERRORS = {
  invalid_parameters: 400,
  invalid_json: 400,
  invalid_text: 400,
  invalid_image: 400,
  unauthorized: 401,
  forbidden: 403,
  cross_site: 403,
  /** The shop, plans and promotions, asked for by a child under 14 (app/players/identity.ts). */
  not_for_sale: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  already_reported: 409,
  /** Another staff member moved the row first; the message names them (app/platform/audit.server.ts). */
  already_handled: 409,
  /** Moderators hid the job or business at this address (app/platform/moderation.ts). */
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const satisfies Partial<Record<ErrorMessageName, number>>;

type ErrorMessageName = keyof (typeof en)["errors"];

export type ErrorCode = keyof typeof ERRORS;

/** The message a person reads for a code: a key of the message files. */
export const errorMessage = (code: ErrorCode) => `errors.${code}` as const;

/**
 * What a page's loader or action throws for an AppError (app/platform/route-errors.server.ts), for
 * the root error boundary: the code says which message the error page shows.
 */
export type PageErrorData = { code: ErrorCode };

/** The code of a page's error response, when an AppError made it. */
export function pageErrorCode(data: unknown): ErrorCode | undefined {
  const code = typeof data === "object" && data !== null && "code" in data ? data.code : undefined;
  return typeof code === "string" && Object.hasOwn(ERRORS, code) ? (code as ErrorCode) : undefined;
}
