/** Error codes of the JSON API and the HTTP status each one answers with. */
const STATUS = {
  invalid_parameters: 400,
  invalid_image: 400,
  unauthorized: 401,
  payload_too_large: 413,
  unsupported_media_type: 415,
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

/** A method the address does not answer; `allow` lists those it does. */
export function methodNotAllowed(allow = "GET, HEAD"): Response {
  const response = apiError("method_not_allowed", `This address answers ${allow} only.`);
  response.headers.set("Allow", allow);
  return response;
}
