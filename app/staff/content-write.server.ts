import { type RouterContextProvider, redirect } from "react-router";
import type { Tx } from "../db/client.server.ts";
import { localeFromPath, localizedPath } from "../i18n/locale.ts";
import { formFailure, sentTextFields } from "../platform/api.ts";
import { databaseContext, pageCacheContext } from "../platform/context.ts";
import { isAppError } from "../platform/errors.ts";
import { readRaw } from "../platform/input.server.ts";
import { rowIdOrNotFound } from "../platform/query.ts";
import { type RequestArgs, requireStaff, type StaffActor } from "./access.server.ts";
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

/**
 * A content page's action (a post, a product, a plan, a goal): the member must hold the content
 * role; `save` validates the form it is given and writes through `contentWrite`, then names the
 * saved item's page (before localizing), where the browser goes with "saved"; or it returns data
 * for the page (a preview). A refusal comes back with what was typed, a 409 included, so no text is
 * lost.
 */
export async function contentSave<Shown extends object>(
  args: RequestArgs,
  save: (input: {
    staff: StaffActor;
    raw: unknown;
    sent: Record<string, string>;
  }) => Promise<string | Shown>,
) {
  const staff = await requireStaff(args, CONTENT_ROLE);
  const raw = await readRaw(args.request);
  const sent = sentTextFields(raw);
  try {
    const saved = await save({ staff, raw, sent });
    if (typeof saved !== "string") return saved;
    const locale = localeFromPath(new URL(args.request.url).pathname);
    return redirect(localizedPath(`${saved}?saved=1`, locale));
  } catch (error) {
    if (!isAppError(error)) throw error;
    return formFailure(error, { sent });
  }
}
