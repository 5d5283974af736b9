import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { HIDE_REASONS, REPORT_RESOLUTIONS } from "../../platform/moderation.ts";

const listed = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value}'`).join(", "));

/** A hidden row has a reason from the list, a shown one none (app/platform/moderation.ts). */
export const hiddenReasonCheck = (hiddenAt: AnyPgColumn, reason: AnyPgColumn): SQL =>
  sql`(${hiddenAt} is null and ${reason} is null) or (${hiddenAt} is not null and ${reason} in (${listed(HIDE_REASONS)}))`;

/** An open report has no resolution; a resolved one says how it ended. */
export const resolutionCheck = (resolvedAt: AnyPgColumn, resolution: AnyPgColumn): SQL =>
  sql`(${resolvedAt} is null) = (${resolution} is null) and (${resolution} is null or ${resolution} in (${listed(REPORT_RESOLUTIONS)}))`;
