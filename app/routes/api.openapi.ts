import { openApiDocument } from "../directory/openapi.ts";
import { methodNotAllowed } from "../platform/api.ts";

export function loader() {
  return Response.json(openApiDocument);
}

export const action = () => methodNotAllowed();
