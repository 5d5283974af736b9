import { expect, test } from "vitest";
import { FRENCH_SPACING_MISTAKE } from "../../tests/support/french-typography.ts";
import en from "./messages/en-CA.json" with { type: "json" };
import fr from "./messages/fr-CA.json" with { type: "json" };

function leaves(value: unknown, prefix = ""): [string, unknown][] {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, child]) =>
      leaves(child, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [[prefix, value]];
}

test("English and French have the same message keys", () => {
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
