import type en from "../i18n/messages/en-CA.json";

// Apart from errors.ts, which builds zod schemas: the root route reads this table for its error
// page, and a zod object schema built before app/zod.client.ts turns zod's compiler off tries
// `new Function`, which the site's CSP refuses.

/**
 * Every failure a service or route reports, with its HTTP status and the message a person reads
 * (a key of `errors` in the message files). `satisfies` makes a code without a status or message
 * fail the type check, and a message key that does not exist too.
 */
export const ERRORS = {
  invalid_parameters: { status: 400, message: "errors.invalid_parameters" },
  invalid_json: { status: 400, message: "errors.invalid_json" },
  invalid_text: { status: 400, message: "errors.invalid_text" },
  invalid_image: { status: 400, message: "errors.invalid_image" },
  unauthorized: { status: 401, message: "errors.unauthorized" },
  forbidden: { status: 403, message: "errors.forbidden" },
  cross_site: { status: 403, message: "errors.cross_site" },
  /** The shop, plans and promotions, asked for by a child under 14 (app/players/identity.ts). */
  not_for_sale: { status: 403, message: "errors.not_for_sale" },
  not_found: { status: 404, message: "errors.not_found" },
  method_not_allowed: { status: 405, message: "errors.method_not_allowed" },
  conflict: { status: 409, message: "errors.conflict" },
  already_reported: { status: 409, message: "errors.already_reported" },
  /** Another staff member moved the row first; the message names them (app/platform/audit.server.ts). */
  already_handled: { status: 409, message: "errors.already_handled" },
  /** Moderators hid the job or business at this address (app/platform/moderation.ts). */
  gone: { status: 410, message: "errors.gone" },
  payload_too_large: { status: 413, message: "errors.payload_too_large" },
  unsupported_media_type: { status: 415, message: "errors.unsupported_media_type" },
  too_many_requests: { status: 429, message: "errors.too_many_requests" },
  internal_error: { status: 500, message: "errors.internal_error" },
  service_unavailable: { status: 503, message: "errors.service_unavailable" },
} as const satisfies Record<string, { status: number; message: `errors.${ErrorMessageName}` }>;

type ErrorMessageName = keyof (typeof en)["errors"];

export type ErrorCode = keyof typeof ERRORS;

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
