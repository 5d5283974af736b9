/** Malformed values the fuzz cases are made of, and the seeded random numbers that pick among them. */

/** mulberry32: small, fast and the same on every machine for a given seed. */
export function randomGenerator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    bytes: (length: number) =>
      Uint8Array.from({ length }, () => Math.floor(next() * 256)) as Uint8Array,
  };
}
export type Random = ReturnType<typeof randomGenerator>;

/** Text values for any field: each one is malformed for a name, an e-mail, a password or a token. */
export const TEXTS: Record<string, string> = {
  empty: "",
  blank: "   \t ",
  nul: "\u0000",
  "nul-inside": "Fuzz\u0000Player",
  "nul-percent-literal": "Fuzz%00Player",
  "lone-high-surrogate": "Fuzz\ud800Player",
  "lone-low-surrogate": "\udc00Fuzz Player",
  "control-chars": "Fuzz\u0001\u001b[31mPlayer\u007f",
  "line-breaks": "Fuzz\r\nSet-Cookie: x=1",
  "bidi-override": "Fuzz\u202ereyalP",
  bom: "\ufeffFuzz Player",
  "long-1k": "x".repeat(1_000),
  "long-64k": "y".repeat(65_536),
  html: '<script>alert("x")</script>',
  sql: "' or 1=1; drop table business; --",
  traversal: "../../../../etc/passwd",
  "url-elsewhere": "https://evil.example/x",
  "protocol-relative": "//evil.example",
  "javascript-url": "javascript:alert(1)",
  "escaped-nul": "\\u0000",
  "astral-only": "\u{1f600}\u{1f600}",
};

/** Numbers as form fields carry them (text), odd in every way Number() and parseInt() differ. */
export const NUMBER_TEXTS: Record<string, string> = {
  "huge-exponent": "1e400",
  "minus-zero": "-0",
  "twenty-digits": "99999999999999999999",
  nan: "NaN",
  infinity: "Infinity",
  letters: "abc",
  hex: "0x1e",
  "digits-then-letters": "12abc",
  fraction: "12.5",
  negative: "-12",
  "arabic-digits": "\u0661\u0662",
  "padded-with-nul": "12\u0000",
};

/** Raw JSON tokens put in place of a value in a JSON body (so 1e400 and -0 reach the parser as is). */
export const JSON_TOKENS: Record<string, string> = {
  "huge-exponent": "1e400",
  "minus-zero": "-0",
  "twenty-digits": "99999999999999999999",
  "unsafe-integer": "9007199254740993",
  fraction: "12.5",
  negative: "-1",
  "string-number": '"12"',
  "string-letters": '"abc"',
  "string-nul": '"\\u0000"',
  "string-nul-inside": '"Fuzz\\u0000Player"',
  "string-lone-surrogate": '"Fuzz\\ud800Player"',
  "string-long-64k": `"${"z".repeat(65_536)}"`,
  "string-control": '"Fuzz\\u0001Player"',
  "empty-string": '""',
  null: "null",
  true: "true",
  "empty-array": "[]",
  array: '["Fuzz Player", 12]',
  object: '{"$gt": ""}',
  "nested-deep": `${"[".repeat(2_000)}${"]".repeat(2_000)}`,
  // Not JSON at all: the body stops being JSON.
  "bare-nan": "NaN",
  "bare-infinity": "Infinity",
  "bare-hex": "0x10",
  undefined: "undefined",
};

/** Values of one query parameter, written as they go in the address (already percent-encoded). */
export const QUERY_VALUES: Record<string, string> = {
  empty: "",
  "nul-percent": "%00",
  "nul-inside": "a%00b",
  "lone-surrogate-utf8": "%ED%A0%80",
  "overlong-slash": "%C0%AF",
  "truncated-percent": "%E2%82",
  "bare-percent": "%",
  "bad-percent": "%zz",
  "invalid-utf8": "%FF%FE",
  "huge-exponent": "1e400",
  "minus-zero": "-0",
  "twenty-digits": "99999999999999999999",
  nan: "NaN",
  letters: "abc",
  negative: "-1",
  fraction: "1.5",
  "long-4k": "q".repeat(4_096),
  "html-encoded": "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "sql-encoded": "%27%20or%201%3D1--",
  "protocol-relative": "%2F%2Fevil.example",
  "absolute-url": "https%3A%2F%2Fevil.example%2F",
  "backslash-path": "%2F%5Cevil.example",
  "javascript-url": "javascript%3Aalert(1)",
  "plus-spaces": "+++",
};

/** Replacements for a path parameter (`:id`, `*`), as written in the address. */
export const PATH_VALUES: Record<string, string> = {
  zero: "0",
  "minus-one": "-1",
  "minus-zero": "-0",
  "twenty-digits": "99999999999999999999",
  "int32-overflow": "2147483648",
  "huge-exponent": "1e400",
  fraction: "1.5",
  nan: "NaN",
  letters: "abc",
  hex: "0x1",
  "leading-zeros": "0001",
  "nul-percent": "1%00",
  "lone-surrogate-utf8": "%ED%A0%80",
  "invalid-utf8": "%FF",
  "bare-percent": "%",
  "encoded-slash": "1%2F2",
  "encoded-traversal": "..%2F..%2F..%2Fetc%2Fpasswd",
  "long-2k": "9".repeat(2_048),
  "trailing-data-suffix": "1.data",
};

/** Request targets aimed at the static file server and the path normaliser. */
export const STATIC_PATHS: Record<string, string> = {
  "dot-dot": "/../../../../etc/passwd",
  "encoded-dot-dot": "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
  "double-encoded-dot-dot": "/%252e%252e/%252e%252e/etc/passwd",
  "assets-dot-dot": "/assets/../../server.ts",
  "assets-encoded-dot-dot": "/assets/..%2f..%2fserver.ts",
  "assets-backslash": "/assets/..%5c..%5cserver.ts",
  "assets-nul": "/assets/x.js%00.png",
  "assets-lone-surrogate": "/assets/%ED%A0%80.js",
  "assets-invalid-utf8": "/assets/%FF%FE.css",
  "assets-dir": "/assets/",
  "assets-long": `/assets/${"a".repeat(4_000)}.js`,
  "favicon-nul": "/favicon.ico%00",
  "favicon-dot-dot": "/favicon.ico/..%2f..%2fpackage.json",
  "overlong-slash": "/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd",
  "double-slash": "//etc/passwd",
  "many-slashes": "/////////",
  "build-dir": "/build/server/index.js",
  "dotfile-env": "/.env",
  "dotfile-git": "/.git/config",
  "node-modules": "/node_modules/.bin/node",
  "absolute-form": "http://evil.example/",
  "asterisk-form": "*",
  "no-slash": "login",
  "unicode-raw": "/caf\u00e9",
  "fragment-in-target": "/login#x",
  "query-only": "/?",
  "semicolon-params": "/login;jsessionid=x",
};

/** Cookie headers that are not a valid session. */
export function badCookies(token: string): Record<string, string> {
  const [value = "", signature = ""] = decodeURIComponent(token).split(".");
  return {
    "tampered-signature": `better-auth.session_token=${value}.${"A".repeat(signature.length)}`,
    "unsigned-token": `better-auth.session_token=${value}`,
    "garbage-token": "better-auth.session_token=not-a-token",
    "empty-token": "better-auth.session_token=",
    "bad-percent": "better-auth.session_token=%E0%A4%A",
    "lone-surrogate": "better-auth.session_token=%ED%A0%80",
    "huge-cookie": `better-auth.session_token=${"c".repeat(8_000)}`,
    "no-equals": "better-auth.session_token",
    "many-cookies": Array.from({ length: 300 }, (_, i) => `c${i}=${i}`).join("; "),
    "prefix-spoof": `__Secure-better-auth.session_token=${value}.${signature}`,
  };
}

export const ACCEPT_LANGUAGES: Record<string, string> = {
  star: "*",
  "bad-quality": "fr-CA;q=abc",
  "quality-above-one": "en;q=2, fr;q=9",
  "many-tags": Array.from({ length: 500 }, (_, i) => `x${i};q=0.${i % 10}`).join(","),
  "only-separators": ";;;,,,",
  "latin1-byte": "fr-\u00e9",
  "long-tag": "f".repeat(4_000),
};

/** Extra or odd headers (sent as raw bytes). */
export const HEADER_CASES: Record<string, [string, string][]> = {
  "huge-header-12k": [["x-fuzz-padding", "h".repeat(12_000)]],
  "huge-header-40k": [["x-fuzz-padding", "h".repeat(40_000)]],
  "many-headers": Array.from({ length: 150 }, (_, i): [string, string] => [`x-fuzz-${i}`, "1"]),
  "origin-null": [["origin", "null"]],
  "origin-not-a-url": [["origin", "not a url"]],
  "origin-bad-ipv6": [["origin", "http://[::1"]],
  "origin-elsewhere": [["origin", "https://evil.example"]],
  "sec-fetch-site-cross": [["sec-fetch-site", "cross-site"]],
  "client-ip-garbage": [["x-fuzz-client-ip", "not-an-address"]],
  "client-ip-list": [["x-fuzz-client-ip", "1.2.3.4, ::ffff:999.1.1.1, ,,"]],
  "client-ip-long": [["x-fuzz-client-ip", "9".repeat(5_000)]],
  "spoofed-internal-ip-header": [["x-nearby-client-ip", "127.0.0.1"]],
  "accept-encoding-odd": [["accept-encoding", "gzip;q=abc, br;q=-1, *;q=2"]],
  "accept-json": [["accept", "application/json"]],
  "user-agent-long": [["user-agent", "u".repeat(8_000)]],
  "content-encoding-gzip-lie": [["content-encoding", "gzip"]],
  "expect-continue": [["expect", "100-continue"]],
  "expect-unknown": [["expect", "tea"]],
  "x-forwarded-host": [["x-forwarded-host", "evil.example"]],
  "x-http-method-override": [["x-http-method-override", "DELETE"]],
};

/** Host header values; the request still goes to the fuzzed server. */
export const HOSTS: Record<string, string | null> = {
  missing: null,
  empty: "",
  "other-host": "evil.example",
  "port-out-of-range": "localhost:99999",
  "bad-ipv6": "[::1",
  "with-space": "local host",
  "with-userinfo": "user@localhost",
};
