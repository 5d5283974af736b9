import { AppError } from "../platform/errors.ts";

/** A console address's numeric id (`/staff/redeem/:id`): anything else is the site's 404. */
export function staffIdOf(value: string): number {
  const id = /^[1-9]\d{0,8}$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isNaN(id)) throw new AppError("not_found");
  return id;
}
