import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { TEST_BASE_URL } from "../platform/test-host.server.ts";
import { needsConsent } from "../players/identity.ts";

type Send = (pathname: string, init?: RequestInit) => Response | Promise<Response>;

export const TEST_PASSWORD = "canoe-portage-42";

/** The session cookie of an auth answer, as a browser would send it back. */
export const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

/**
 * A player who signed up through the real endpoint, confirmed their address (as following the
 * e-mailed link does) and signed in: their session cookie. Under 14 (the default, 12) the sign-up
 * gives a parent's address, and the parent's consent is written as given (decision 0064) unless
 * `awaitingConsent`, which leaves the child waiting.
 */
export async function signUpVerified(
  send: Send,
  db: Db,
  player: {
    name: string;
    email: string;
    address?: string;
    age?: number;
    awaitingConsent?: boolean;
  },
): Promise<string> {
  const age = player.age ?? 12;
  const headers = {
    "content-type": "application/json",
    origin: TEST_BASE_URL,
    "x-real-ip": player.address ?? "10.9.0.1",
  };
  const signUp = await send("/api/auth/sign-up/email", {
    method: "POST",
    headers,
    body: JSON.stringify({
      name: player.name,
      email: player.email,
      password: TEST_PASSWORD,
      age,
      ...(needsConsent(age) ? { parentEmail: `parent.${player.email}` } : {}),
    }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}`);
  await db
    .update(user)
    .set({
      emailVerified: true,
      ...(needsConsent(age) && !player.awaitingConsent
        ? { consentStatus: "given" as const, consentDueBy: null }
        : {}),
    })
    .where(eq(user.email, player.email));
  const signIn = await send("/api/auth/sign-in/email", {
    method: "POST",
    headers,
    body: JSON.stringify({ email: player.email, password: TEST_PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
  return cookieOf(signIn);
}
