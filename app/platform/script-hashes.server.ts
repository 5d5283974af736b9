import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";

/** A script element without `src`: its text is what a hash in the policy must match. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;

/**
 * The CSP source expressions ('sha256-…') that allow exactly the inline scripts of a page, from its
 * UTF-8 bytes. The page is read as latin1, one character a byte: the markup the pattern looks for
 * is ASCII either way, reading it costs no UTF-8 decoding, and each script's characters turn back
 * into its exact bytes for the hash.
 */
export function inlineScriptHashes(page: Uint8Array): string[] {
  const html = Buffer.from(page.buffer, page.byteOffset, page.byteLength).toString("latin1");
  const hashes = new Set<string>();
  for (const [, text = ""] of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(`'sha256-${createHash("sha256").update(text, "latin1").digest("base64")}'`);
  }
  return [...hashes];
}

/** The policy with the page's script hashes added to `script-src`. */
export function withScriptHashes(policy: string, hashes: readonly string[]): string {
  if (hashes.length === 0) return policy;
  return policy.replace(
    /(^|;\s*)(script-src(?=[\s;]|$)[^;]*)/,
    (_, start, directive) => `${start}${directive} ${hashes.join(" ")}`,
  );
}

/**
 * A page's inline scripts (React Router's hydration data and module loader) run because the
 * Content-Security-Policy lists their SHA-256 hashes, computed from the finished page, rather than
 * a nonce. A hash allows that exact script and nothing else, and, unlike a nonce, stays right when
 * the same page is sent again, so visitors' pages can be kept and served from memory
 * (app/platform/page-cache.server.ts, decision 0019). Sits outside the middleware that sets the
 * policy, and inside compression: it reads the page's bytes, and hands the same bytes on.
 */
export function allowPageScripts(): MiddlewareHandler<{ Variables: { scriptHashes?: string[] } }> {
  return async (c, next) => {
    await next();
    const policy = c.res.headers.get("content-security-policy");
    if (!policy || !c.res.body || !/^text\/html\b/i.test(c.res.headers.get("content-type") ?? ""))
      return;
    // A page compressed in advance says its scripts' hashes itself (a player's kept page).
    const known = c.get("scriptHashes");
    if (known) {
      c.res.headers.set("Content-Security-Policy", withScriptHashes(policy, known));
      return;
    }
    const page = new Uint8Array(await c.res.arrayBuffer());
    const headers = new Headers(c.res.headers);
    headers.set("Content-Security-Policy", withScriptHashes(policy, inlineScriptHashes(page)));
    const { status } = c.res;
    // Hono copies the old answer's headers onto a new one; clearing it first keeps only ours.
    c.res = undefined;
    c.res = new Response(page, { status, headers });
  };
}
