import { createHash } from "node:crypto";

/** Longer texts (a post's Markdown body) are recorded by length and hash, not copied whole. */
const LONG_TEXT = 200;

function recorded(value: unknown): unknown {
  if (typeof value !== "string" || value.length <= LONG_TEXT) return value;
  return {
    length: value.length,
    sha256: createHash("sha256").update(value).digest("hex").slice(0, 16),
  };
}

/**
 * The fields an edit changed, as the audit trail records them: `before` and `after` hold only
 * those fields (compared as JSON), long texts by their length and hash.
 */
export function auditChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = Object.keys(after).filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  );
  return {
    before: Object.fromEntries(changed.map((key) => [key, recorded(before[key] ?? null)])),
    after: Object.fromEntries(changed.map((key) => [key, recorded(after[key])])),
  };
}
