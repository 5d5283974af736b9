import { AppError } from "../../platform/errors.ts";

/** Any address no other route claims: the root error boundary shows the 404 page. */
export function loader() {
  throw new AppError("not_found");
}

export default function NotFound() {
  return null;
}
