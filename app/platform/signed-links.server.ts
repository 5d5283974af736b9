import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The signature of row `id` for one purpose ("owner-invite", "employer-invite"), with a key of its
 * own derived from the auth secret, so a link signed for one purpose opens nothing else.
 */
function signature(purpose: string, id: number, secret: string): string {
  const key = createHmac("sha256", secret).update(`nearby:${purpose}:v1`).digest();
  return createHmac("sha256", key).update(String(id)).digest("base64url");
}

/** The token an e-mailed link carries for row `id`: the id and its signature. */
export function signedToken(purpose: string, id: number, secret: string): string {
  return `${id}.${signature(purpose, id, secret)}`;
}

/** The row a link's token names, when its signature for `purpose` is right; else undefined. */
export function signedIdOf(purpose: string, token: string, secret: string): number | undefined {
  const [id, given = ""] = token.split(".");
  const number = Number(id);
  if (!Number.isSafeInteger(number) || number <= 0) return undefined;
  const expected = Buffer.from(signature(purpose, number, secret));
  const sent = Buffer.from(given);
  return sent.length === expected.length && timingSafeEqual(sent, expected) ? number : undefined;
}
