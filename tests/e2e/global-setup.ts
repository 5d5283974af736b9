import { startOidcServer } from "../support/oidc-server.ts";
import { startMailServer } from "./mail-server.ts";

export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3226);

/** The site under test sends real mail and signs in with a real OpenID server, both on loopback. */
export default async function globalSetup() {
  const stopMail = await startMailServer();
  const oidc = await startOidcServer(OIDC_PORT);
  return async () => {
    await oidc.stop();
    await stopMail();
  };
}
