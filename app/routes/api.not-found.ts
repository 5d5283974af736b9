import { apiError } from "../platform/api.ts";

const notFound = () =>
  apiError("not_found", "There is no API endpoint at this address. See /api/docs.");

export const loader = notFound;
export const action = notFound;
