import { eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { type PublicIdentity, publicIdentity } from "./identity.ts";

/**
 * The public identities of the given players, for other areas to show authors (reviews, questions)
 * without reading the accounts table themselves. Unknown ids are absent from the map.
 */
export async function publicIdentities(
  db: Db | Tx,
  playerIds: readonly string[],
): Promise<Map<string, PublicIdentity>> {
  const ids = [...new Set(playerIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: user.id,
      handle: user.handle,
      name: user.name,
      image: user.image,
      profilePublic: user.profilePublic,
    })
    .from(user)
    .where(inArray(user.id, ids));
  return new Map(rows.map(({ id, ...player }) => [id, publicIdentity(player)]));
}

/** A handle no player has yet, from `candidate` (tried again on the rare clash). */
export async function unusedHandle(db: Db | Tx, candidate: () => string): Promise<string> {
  for (;;) {
    const handle = candidate();
    const [taken] = await db.select({ id: user.id }).from(user).where(eq(user.handle, handle));
    if (!taken) return handle;
  }
}
