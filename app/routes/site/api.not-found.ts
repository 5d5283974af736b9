import { apiRoute } from "../../platform/api.ts";
import { AppError } from "../../platform/errors.ts";

const notFound = apiRoute(() => {
  throw new AppError("not_found");
});

export const loader = notFound;
export const action = notFound;
