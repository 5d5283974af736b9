import { expect, test } from "vitest";
import { isReadableText, normalizeForSearch } from "./text.ts";

test("search text loses case, accents and extra spaces", () => {
  expect(normalizeForSearch("  Montréal   CAFÉ ")).toBe("montreal cafe");
});

test("a typographic apostrophe matches the one typed on a keyboard", () => {
  expect(normalizeForSearch("Lakshmi’s Dosa")).toBe(normalizeForSearch("lakshmi's dosa"));
  expect(normalizeForSearch("L‘Île ʼAux")).toBe("l'ile 'aux");
});

test.each([
  ["Marie-Ève Tremblay 👩‍💻", true, true],
  ["line one\nline two\ttabbed", false, true],
  ["bytes that were not text: \ufffd", false, false],
  ["a bell \u0007", false, false],
  ["right-to-left override \u202e", false, false],
  ["private use \ue000", false, false],
])("%j is plain on one line: %s, on several: %s", (text, oneLine, multiline) => {
  expect(isReadableText(text)).toBe(oneLine);
  expect(isReadableText(text, { multiline: true })).toBe(multiline);
});
