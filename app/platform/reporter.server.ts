import { hashedSubject } from "./rate-limit.server.ts";

/** Who sends a report: the signed-in player, else the visitor's client address. */
export type Reporter = { userId: string | null; clientAddress: string | null };

/**
 * The key that makes a report one per reporter and item: "player:{id}", or for a visitor
 * "address:{hash}" (the address itself is not kept).
 */
export function reporterKey({ userId, clientAddress }: Reporter): string {
  return userId ? `player:${userId}` : `address:${hashedSubject(clientAddress ?? "unknown")}`;
}
