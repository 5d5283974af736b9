/** Error codes of the JSON API and the HTTP status each one answers with. */
const STATUS = {
  invalid_parameters: 400,
  not_found: 404,
  method_not_allowed: 405,
  internal_error: 500,
} as const;

export type ApiErrorCode = keyof typeof STATUS;

/** `{ error: { code, message } }` with the code's status; `details` says which input was wrong. */
export function apiError(code: ApiErrorCode, message: string, details?: unknown): Response {
  return Response.json(
    { error: { code, message, ...(details === undefined ? {} : { details }) } },
    {
      status: STATUS[code],
      headers: code === "method_not_allowed" ? { Allow: "GET, HEAD" } : undefined,
    },
  );
}

/** The API is read-only so far: any other method on its routes is refused the same way. */
export function methodNotAllowed(): Response {
  return apiError("method_not_allowed", "This address only answers GET requests.");
}
