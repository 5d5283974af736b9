import { type SQL, sql } from "drizzle-orm";
import { employerMember } from "../db/schema/jobs.ts";

/**
 * Whether the player is a member of at least one employer (the header's "Your employers" link):
 * an EXISTS on the member index that the session's one query reads with the player
 * (auth/session.server.ts), as it reads `hasLinkedChild`, so a signed-in page spends no round trip
 * of its own on it.
 */
export function isEmployerMember(playerId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${employerMember} where ${employerMember.userId} = ${playerId})`;
}
