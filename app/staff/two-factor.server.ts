import { eq } from "drizzle-orm";
import QRCode from "qrcode";
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

/**
 * The otpauth:// address as a QR code: an SVG drawn here on the server, as a data: address for an
 * <img> (the page needs no script, and the policy allows data: images). The authenticator app's
 * camera reads it; the key stays on the page as text for anyone who cannot scan.
 */
export async function totpQrImage(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
