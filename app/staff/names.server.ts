import { inArray } from "drizzle-orm";
import type { Db } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";

/** Staff members' display names by id, for notes and history that keep only who wrote them. */
export async function staffNames(db: Db, ids: readonly (string | null)[]) {
  const wanted = [...new Set(ids.filter((id) => id !== null))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(inArray(user.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}
