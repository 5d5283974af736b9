import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server.ts";
import { twoFactor, user } from "../db/schema/accounts.ts";

/**
 * Where a member stands with two-factor sign-in: off, set up but not yet confirmed with a code
 * from the app (Better Auth keeps such a secret unverified), or on.
 */
export async function twoFactorState(db: Db, userId: string): Promise<"off" | "pending" | "on"> {
  const [row] = await db
    .select({ enabled: user.twoFactorEnabled, verified: twoFactor.verified })
    .from(user)
    .leftJoin(twoFactor, eq(twoFactor.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  if (row?.enabled) return "on";
  return row?.verified === false ? "pending" : "off";
}

/** The key the authenticator app needs, from Better Auth's otpauth:// address (base32). */
export function totpKeyOf(uri: string): string {
  return new URL(uri).searchParams.get("secret") ?? "";
}
