import { describe, expect, test } from "vitest";
import { FRENCH_SPACING_MISTAKE } from "../../tests/support/french-typography.ts";
import { BUNDLE_NAMES, LOCALE_BUNDLES } from "./catalog.server.ts";

function leaves(value: unknown, prefix = ""): [string, unknown][] {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, child]) =>
      leaves(child, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [[prefix, value]];
}

describe.each(BUNDLE_NAMES)("the %s messages", (name) => {
  const { "en-CA": en, "fr-CA": fr } = LOCALE_BUNDLES[name];

  test("English and French have the same keys", () => {
    expect(leaves(fr).map(([key]) => key)).toEqual(leaves(en).map(([key]) => key));
  });

  test("no message is empty", () => {
    for (const [key, value] of [...leaves(en), ...leaves(fr)]) {
      expect(value, key).not.toEqual("");
    }
  });

  test("French messages use French punctuation spacing", () => {
    for (const [key, value] of leaves(fr)) {
      for (const text of [value].flat()) {
        expect(String(text), key).not.toMatch(FRENCH_SPACING_MISTAKE);
      }
    }
  });
});

test("each group of messages belongs to one bundle only", () => {
  const groups = BUNDLE_NAMES.flatMap((name) => Object.keys(LOCALE_BUNDLES[name]["en-CA"]));
  expect(groups.length).toBe(new Set(groups).size);
});
