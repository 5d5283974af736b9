import { openApiDocument } from "../directory/openapi.ts";
import { apiRoute, methodNotAllowed } from "../platform/api.ts";

export function loader() {
  return Response.json(openApiDocument);
}

export const action = apiRoute(() => methodNotAllowed("GET, HEAD"));
