import { createHmac } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** The bytes of a base32 key, as authenticator apps read the key the set-up page shows. */
function base32Bytes(key: string): Buffer {
  let bits = "";
  for (const char of key.replace(/=+$/, "").toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/**
 * The code an authenticator app shows for `key` at `now`: RFC 6238 TOTP with HMAC-SHA1, 30-second
 * steps and 6 digits, as Better Auth's two-factor plugin checks it.
 */
export function totpCode(key: string, now = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / 30)));
  const digest = createHmac("sha1", base32Bytes(key)).update(counter).digest();
  const offset = (digest.at(-1) as number) & 0x0f;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, "0");
}
