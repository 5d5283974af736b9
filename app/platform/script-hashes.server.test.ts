import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { inlineScriptHashes, withScriptHashes } from "./script-hashes.server.ts";

const sha256 = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineScriptHashes", () => {
  test("hashes each inline script's exact text, once, and skips scripts with src", () => {
    const html = [
      '<script>window.__a = "é";</script>',
      '<script type="module" async="">import("/assets/x.js");\n</script>',
      '<script src="/assets/app.js"></script>',
      '<script type="module" src="/assets/b.js" async></script>',
      '<script>window.__a = "é";</script>',
      "<SCRIPT>upper()</SCRIPT >",
    ].join("");
    expect(inlineScriptHashes(Buffer.from(html))).toEqual([
      sha256('window.__a = "é";'),
      sha256('import("/assets/x.js");\n'),
      sha256("upper()"),
    ]);
  });

  test("a page without inline scripts has no hashes", () => {
    expect(
      inlineScriptHashes(Buffer.from('<p>no scripts</p><script src="/a.js"></script>')),
    ).toEqual([]);
  });
});

describe("withScriptHashes", () => {
  const policy = "default-src 'self'; script-src 'self'; frame-ancestors 'none'";

  test("adds the hashes to script-src and leaves the other directives alone", () => {
    expect(withScriptHashes(policy, ["'sha256-a'", "'sha256-b'"])).toBe(
      "default-src 'self'; script-src 'self' 'sha256-a' 'sha256-b'; frame-ancestors 'none'",
    );
  });

  test("does not touch script-src-attr or a policy without hashes to add", () => {
    const attr = "script-src-attr 'none'; script-src 'self'";
    expect(withScriptHashes(attr, ["'sha256-a'"])).toBe(
      "script-src-attr 'none'; script-src 'self' 'sha256-a'",
    );
    expect(withScriptHashes(policy, [])).toBe(policy);
  });
});
