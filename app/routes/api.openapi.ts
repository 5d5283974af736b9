import { apiDocument } from "../openapi.server.ts";
import { methodNotAllowed } from "../platform/api.ts";

export function loader() {
  return Response.json(apiDocument);
}

export const action = () => methodNotAllowed();
