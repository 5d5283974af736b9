import type { z } from "zod";
import type { MessageKey } from "../i18n/i18n.ts";
import { AppError, type FieldProblem } from "./errors.ts";

/** NUL and UTF-16 halves without their partner: PostgreSQL cannot store them in text. */
const UNSAFE_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point.
  /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;
const UNSAFE_TEXT_ALL = new RegExp(UNSAFE_TEXT.source, "gu");

export type InputOptions = {
  /** Search terms lose unsafe characters instead of being refused: a search never fails for them. */
  stripUnsafeText?: boolean;
};

/**
 * Reads a request's input once and checks it with the action's schema: the query string of a GET,
 * otherwise a form (urlencoded or multipart) or JSON body, chosen by Content-Type. Anything else is
 * a 415, a body that cannot be read a 400, text PostgreSQL cannot store a 400, and a value the
 * schema refuses a 400 whose problems name the fields in the schema's order. Returns typed data.
 */
export async function readInput<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  options: InputOptions = {},
): Promise<z.output<Schema>> {
  return validate(schema, await readRaw(request), options);
}

/** Checks values that arrived some other way (Better Auth's parsed body) with the same rules. */
export async function validate<Schema extends z.ZodType>(
  schema: Schema,
  raw: unknown,
  options: InputOptions = {},
): Promise<z.output<Schema>> {
  const parsed = await schema.safeParseAsync(cleanText(raw, options));
  if (parsed.success) return parsed.data;
  throw new AppError("invalid_parameters", { problems: parsed.error.issues.map(problemOf) });
}

/**
 * A body that is a file itself (a picture sent with PUT): its bytes, when its declared type is one
 * of `types`; the file's own checks then decide what it really is.
 */
export async function readBytes(request: Request, types: readonly string[]): Promise<Uint8Array> {
  const type = mediaTypeOf(request);
  if (!type || !types.includes(type)) throw new AppError("unsupported_media_type");
  return new Uint8Array(await request.arrayBuffer());
}

/**
 * The body's media type, lower case; a charset other than UTF-8 is refused (415): the body would be
 * read as something it is not.
 */
export function mediaTypeOf(request: Request): string | undefined {
  const [type, ...parameters] = (request.headers.get("content-type") ?? "").split(";");
  const charset = parameters
    .map((parameter) => parameter.trim().toLowerCase())
    .find((parameter) => parameter.startsWith("charset="))
    ?.slice("charset=".length)
    .replaceAll('"', "");
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8")
    throw new AppError("unsupported_media_type");
  return type?.trim().toLowerCase() || undefined;
}

/** The request's values as a plain object, before any schema sees them. */
export async function readRaw(request: Request): Promise<unknown> {
  if (request.method === "GET" || request.method === "HEAD")
    return entriesToObject(new URL(request.url).searchParams);
  if (request.body === null) return {};
  const type = mediaTypeOf(request);
  if (type === "application/x-www-form-urlencoded" || type === "multipart/form-data") {
    const form = await request.formData().catch(() => {
      throw new AppError("invalid_parameters", { message: "errors.malformed_body" });
    });
    return entriesToObject(form);
  }
  if (type === "application/json" || type?.endsWith("+json")) {
    const text = await request.text();
    try {
      return JSON.parse(text);
    } catch {
      throw new AppError("invalid_json");
    }
  }
  throw new AppError("unsupported_media_type");
}

/** Form fields as an object; a name sent more than once keeps all its values, in order. */
function entriesToObject(entries: URLSearchParams | FormData): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    const before = result[name];
    if (before === undefined) result[name] = value;
    else result[name] = Array.isArray(before) ? [...before, value] : [before, value];
  }
  return result;
}

/** Deeper JSON than any form of ours needs is refused before anything walks it. */
const MAX_DEPTH = 16;

/** Refuses (or strips) NUL and lone surrogates anywhere in the input, names and values alike. */
function cleanText(value: unknown, options: InputOptions): unknown {
  const problems: FieldProblem[] = [];
  const visit = (item: unknown, path: string, depth = 0): unknown => {
    if (depth > MAX_DEPTH) throw new AppError("invalid_parameters", { message: "errors.too_deep" });
    if (typeof item === "string") {
      if (!UNSAFE_TEXT.test(item)) return item;
      if (options.stripUnsafeText) return item.replace(UNSAFE_TEXT_ALL, "");
      problems.push({ field: path, message: "errors.invalid_text" });
      return item;
    }
    if (Array.isArray(item)) return item.map((child) => visit(child, path, depth + 1));
    if (item && typeof item === "object" && !(item instanceof Blob)) {
      return Object.fromEntries(
        Object.entries(item).map(([key, child]) => {
          const field = path ? `${path}.${key}` : key;
          if (UNSAFE_TEXT.test(key)) problems.push({ field: "", message: "errors.invalid_text" });
          return [key, visit(child, field, depth + 1)];
        }),
      );
    }
    return item;
  };
  const cleaned = visit(value, "");
  if (problems.length > 0) throw new AppError("invalid_text", { problems });
  return cleaned;
}

/** Schemas carry message keys ("auth.problems.passwordShort"); zod's own English texts do not. */
const MESSAGE_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9_-]+)+$/;

/** A zod issue as a form or the API shows it: its field and one of our message keys. */
export function problemOf(issue: z.core.$ZodIssue): FieldProblem {
  const field =
    issue.code === "unrecognized_keys" ? issue.keys.join(",") : issue.path.map(String).join(".");
  // A schema's own message is one of ours; the message-file tests keep the files complete.
  if (MESSAGE_KEY.test(issue.message)) return { field, message: issue.message as MessageKey };
  return {
    field,
    message:
      issue.code === "unrecognized_keys" ? "errors.not_a_form_field" : "errors.invalid_value",
  };
}
