import type { RouterContextProvider } from "react-router";
import type { Tx } from "../db/client.server.ts";
import { databaseContext, pageCacheContext } from "../platform/context.ts";
import { rowIdOrNotFound } from "../platform/query.ts";
import type { StaffActor } from "./access.server.ts";
import type { StaffRole } from "./roles.ts";
import { type StaffChange, staffWrite } from "./write.server.ts";

/**
 * Who may edit the site's content (posts, products, plans, goals): moderators and admins alike
 * (decision 0048): every change is in the audit trail with its before and after.
 */
export const CONTENT_ROLE: StaffRole = "moderator";

/**
 * A content edit: one staff transaction (role locked, conditional UPDATE, audit row), then the
 * visitors' page cache of this process is cleared once it has committed, so the next visitor sees
 * the change at once (other processes within the cache's few seconds).
 */
export async function contentWrite<T>(
  context: Readonly<RouterContextProvider>,
  staff: StaffActor,
  action: (tx: Tx) => Promise<StaffChange<T>>,
): Promise<T> {
  const result = await staffWrite(context.get(databaseContext), staff, CONTENT_ROLE, action);
  context.get(pageCacheContext).clear();
  return result;
}

/** The id in a content page's address (`/staff/content/products/12`); anything else is the 404. */
export const contentIdOf = rowIdOrNotFound;
