import { OAuth2Server } from "oauth2-mock-server";

/** The player the local OpenID server signs in, standing in for a Google account. */
export const GOOGLE_PLAYER = {
  sub: "google-1234567890",
  email: "kiana.google@example.com",
  email_verified: true,
  name: "Kiana Google",
};

export const GOOGLE_CLIENT = { clientId: "nearby-test-client", clientSecret: "nearby-test-secret" };

/**
 * A real OpenID Connect server on loopback (oauth2-mock-server), standing in for Google: it signs
 * real tokens with its own keys and answers discovery, authorize, token and userinfo.
 */
export async function startOidcServer(port = 0, player: typeof GOOGLE_PLAYER = GOOGLE_PLAYER) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  server.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, player, { aud: GOOGLE_CLIENT.clientId });
  });
  server.service.on("beforeUserinfo", (response) => {
    response.body = { ...player };
  });
  await server.start(port, "127.0.0.1");
  // Advertise the address it listens on, whatever "localhost" resolves to on this machine.
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  return {
    discoveryUrl: `${server.issuer.url}/.well-known/openid-configuration`,
    stop: () => server.stop(),
  };
}
