import { z } from "zod";
import type { MessageKey } from "../i18n/i18n.ts";
import { ERRORS, type ErrorCode, errorMessage } from "./error-codes.ts";

export { ERRORS, type ErrorCode };

/**
 * The body of every error the API answers with (app/platform/api.ts writes it); the API document's
 * `Error` schema is generated from it.
 */
export const apiErrorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]]).meta({
        description: Object.entries(ERRORS)
          .map(([code, status]) => `\`${code}\`: ${status}`)
          .join(", "),
      }),
      message: z.string().meta({ description: "What went wrong, for people" }),
      details: z
        .array(
          z.object({
            field: z.string().meta({
              description: "The input, dotted for nested JSON; empty when the whole body is wrong",
            }),
            message: z.string().meta({ description: "What is wrong with it, for people" }),
          }),
        )
        .optional()
        .meta({ description: "Each wrong input, in the order of the form's fields" }),
    }),
  })
  .meta({
    description:
      "The body of every error the app's own routes answer with. `message` is for people, in the request's language (`Accept-Language`: en-CA or fr-CA); programs read `code`.",
  });

export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** One input that was wrong: the field's name (dotted for nested JSON) and a message key. */
export type FieldProblem = { field: string; message: MessageKey };

export type AppErrorOptions = {
  /** A message key more precise than the code's own (e.g. "auth.problems.passwordShort"). */
  message?: MessageKey;
  /** Which inputs were wrong, in the schema's order; the first is the one a form shows. */
  problems?: FieldProblem[];
  /** Seconds after which trying again may work (429 and 503 send it as Retry-After). */
  retryAfter?: number;
  /** For 405: the methods the address answers. */
  allow?: string;
  /** Values for the message's placeholders. */
  values?: Record<string, string | number>;
};

/**
 * What services throw and routes turn into an answer: a JSON error under /api, a message beside
 * the form on a page. Nothing else a client causes should escape as a 500.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly options: AppErrorOptions;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? errorMessage(code));
    this.name = "AppError";
    this.code = code;
    this.options = options;
  }

  get status(): number {
    return ERRORS[this.code];
  }

  /**
   * Each problem's message by the form field it belongs to (the first segment of its path), so a
   * page can show it beside that field.
   */
  problemsByField(): Record<string, MessageKey> {
    return Object.fromEntries(
      (this.options.problems ?? []).map((problem) => [
        problem.field.split(".")[0],
        problem.message,
      ]),
    );
  }

  /** The message key a person should read: the most precise one known. */
  get messageKey(): MessageKey {
    return this.options.message ?? this.options.problems?.[0]?.message ?? errorMessage(this.code);
  }

  /** Headers the status calls for: Allow on 405, Retry-After on 429 and 503. */
  headers(): Headers {
    const headers = new Headers();
    if (this.options.allow) headers.set("Allow", this.options.allow);
    if (this.options.retryAfter !== undefined)
      headers.set("Retry-After", String(Math.max(1, Math.ceil(this.options.retryAfter))));
    return headers;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** Seconds a client is told to wait when the database was too busy to answer in time. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** PostgreSQL's "query_canceled": statement_timeout cut the statement. */
const QUERY_CANCELED = "57014";
/**
 * What pg's pool throws when no connection came within its connection timeout: no idle one came
 * free, or a new one took too long to open (a loaded machine; once seen as a 500 on a player's page).
 */
const POOL_TIMEOUTS = new Set([
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
]);

/**
 * A 503 for a failure that means "the database did not answer in time" (a statement cut by the
 * request timeout, or no free connection), wherever it sits in the error's causes; undefined for
 * anything else. Such a failure is load, not a fault: the client may try again shortly.
 */
export function unavailableFor(error: unknown): AppError | undefined {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (typeof cause !== "object") return undefined;
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (code === QUERY_CANCELED || (typeof message === "string" && POOL_TIMEOUTS.has(message)))
      return new AppError("service_unavailable", { retryAfter: BUSY_RETRY_AFTER_SECONDS });
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The AppError a route should answer with, for an AppError or a database that was too busy. */
export function asAppError(error: unknown): AppError | undefined {
  return isAppError(error) ? error : unavailableFor(error);
}
