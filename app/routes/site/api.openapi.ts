import { apiDocument } from "../../openapi.server.ts";
import { apiRoute, methodNotAllowed } from "../../platform/api.ts";

export function loader() {
  return Response.json(apiDocument);
}

export const action = apiRoute(() => methodNotAllowed("GET, HEAD"));
