import { rowIdOrNotFound } from "../platform/query.ts";

/** A console address's numeric id (`/staff/redeem/:id`): anything else is the site's 404. */
export const staffIdOf = rowIdOrNotFound;
