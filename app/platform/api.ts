import { data } from "react-router";
import type { z } from "zod";
import type { MessageKey } from "../i18n/i18n.ts";
import { type Locale, localeFromRequest } from "../i18n/locale.ts";
import { serverT } from "../i18n/messages.server.ts";
import { type ApiErrorBody, AppError, asAppError, ERRORS, type ErrorCode } from "./errors.ts";

/**
 * The API's one error shape, `{ error: { code, message, details? } }`, with the code's status, in
 * the request's language; `details` lists each wrong input with its own message.
 */
export function errorResponse(error: AppError, locale: Locale): Response {
  const t = serverT(locale);
  const problems = error.options.problems ?? [];
  const [first] = problems;
  const message = t(error.messageKey, error.options.values);
  const headers = error.headers();
  headers.set("Cache-Control", "no-store");
  const body: ApiErrorBody = {
    error: {
      code: error.code,
      message: first?.field ? `${first.field}: ${message}` : message,
      ...(problems.length > 0
        ? { details: problems.map((p) => ({ field: p.field, message: t(p.message) })) }
        : {}),
    },
  };
  return Response.json(body, { status: error.status, headers });
}

/** The code that answers with `status`, for errors that arrive as a bare status (host, auth). */
export function codeForStatus(status: number): ErrorCode {
  const match = Object.entries(ERRORS).find(([, answered]) => answered === status);
  if (match) return match[0] as ErrorCode;
  return status >= 500 ? "internal_error" : "invalid_parameters";
}

type Args = { request: Request };

/**
 * Wraps an API loader or action: an AppError it (or a service below it) throws becomes the JSON
 * error answer, and so does a database too busy to answer in time (503 with Retry-After). Anything
 * else is a fault of ours and ends as the host's JSON 500.
 */
export function apiRoute<A extends Args>(handler: (args: A) => Promise<Response> | Response) {
  return async (args: A): Promise<Response> => {
    try {
      return await handler(args);
    } catch (error) {
      const answer = asAppError(error);
      if (answer) return errorResponse(answer, localeFromRequest(args.request));
      throw error;
    }
  };
}

/**
 * A JSON success answer. Its body is typed by the zod schema the API document describes it with:
 * the schema is not run, it is there so that tsc fails when the route and the document drift.
 */
export function jsonAnswer<Body extends z.ZodType>(
  _schema: Body,
  body: z.output<Body>,
  init?: ResponseInit,
): Response {
  return Response.json(body, init);
}

/** An API address asked with a method it does not answer. */
export function methodNotAllowed(allow: string): never {
  throw new AppError("method_not_allowed", { allow });
}

/** What a page's form shows after a refused submission: the message key and the field it is about. */
export type FormProblem = {
  code: ErrorCode;
  message: MessageKey;
  field?: string;
  values?: Record<string, string | number>;
};

type KeysOfAny<T> = T extends object ? keyof T : never;

/**
 * A page's action data, its outcomes (`{ sent }`, `{ problem }`, …) given each other's keys as
 * `undefined`, so a page reads `result?.problem` or `result?.sent` on any of them. Assigning
 * `actionData` to it needs no cast, and reading a key that no outcome of the action has fails the
 * type check.
 */
export type FormOutcome<T, Each = T> = Each extends object
  ? Each & Partial<Record<Exclude<KeysOfAny<T>, keyof Each>, undefined>>
  : Each;

/**
 * Wraps a page action: an AppError (or a database too busy to answer in time) becomes
 * `{ problem }` with its status, for the form to show beside the field; redirects and other
 * responses pass through.
 */
export function formAction<A extends Args, R>(handler: (args: A) => Promise<R>) {
  return async (args: A) => {
    try {
      return await handler(args);
    } catch (error) {
      const problem = asAppError(error);
      if (!problem) throw error;
      return formFailure(problem, {});
    }
  };
}

/**
 * A refused submission as the page's action data; `extra` says which of its forms failed, or what
 * was typed. Its type reaches the page's `actionData`, so a page reading a field that is not there
 * fails the type check.
 */
export function formFailure<Extra extends object>(error: AppError, extra: Extra) {
  const problem: FormProblem = {
    code: error.code,
    message: error.messageKey,
    field: error.options.problems?.[0]?.field || undefined,
    values: error.options.values,
  };
  return data({ ...extra, problem }, { status: error.status, headers: error.headers() });
}

/** The text fields a refused form sent, to fill it in again (files and the like are left out). */
export function sentTextFields(raw: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries((raw ?? {}) as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
}

/**
 * A page route's `headers`: the Retry-After of a refused form (a rate limit) reaches the browser
 * with the page that shows the message.
 */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}
