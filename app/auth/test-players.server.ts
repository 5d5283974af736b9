import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { TEST_BASE_URL } from "../platform/test-host.server.ts";

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
 * e-mailed link does) and signed in: their session cookie.
 */
export async function signUpVerified(
  send: Send,
  db: Db,
  player: { name: string; email: string; address?: string; age?: number },
): Promise<string> {
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
      age: player.age ?? 12,
    }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}`);
  await db.update(user).set({ emailVerified: true }).where(eq(user.email, player.email));
  const signIn = await send("/api/auth/sign-in/email", {
    method: "POST",
    headers,
    body: JSON.stringify({ email: player.email, password: TEST_PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
  return cookieOf(signIn);
}
