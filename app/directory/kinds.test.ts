import { expect, test } from "vitest";
import { dealKindPictures, kindPicture } from "./kinds.ts";

const item = (kind: "pub" | "spa", category: string) => ({ kind, category });

test("one kind in a row takes its colourings in turn", () => {
  const ranked = [item("pub", "nightlife"), item("pub", "nightlife"), item("pub", "nightlife")];
  const pictures = dealKindPictures(ranked, (_, index) => [ranked[index - 1]]);
  expect(ranked.map((entry) => pictures.get(entry))).toEqual([
    "/images/directory/kinds/pub.svg",
    "/images/directory/kinds/pub-peach.svg",
    "/images/directory/kinds/pub-lilac.svg",
  ]);
});

test("a business skips the colouring either of its neighbours shows", () => {
  // The third pub follows the first in its category's list and the second in the full list:
  // taking the next colouring in turn (the first's again) would repeat a neighbour.
  const ranked = [
    item("pub", "nightlife"),
    item("pub", "others"),
    item("spa", "beauty-spas"),
    item("pub", "others"),
    item("pub", "nightlife"),
    item("pub", "nightlife"),
  ];
  const last = new Map<string, (typeof ranked)[number]>();
  const pictures = dealKindPictures(ranked, (entry, index) => {
    const previous = [ranked[index - 1], last.get(entry.category)];
    last.set(entry.category, entry);
    return previous;
  });
  for (const [index, entry] of ranked.entries()) {
    const before = ranked[index - 1];
    if (before) expect(pictures.get(entry)).not.toBe(pictures.get(before));
    const sameCategory = ranked
      .slice(0, index)
      .filter((other) => other.category === entry.category);
    const previousInCategory = sameCategory.at(-1);
    if (previousInCategory) {
      expect(pictures.get(entry)).not.toBe(pictures.get(previousInCategory));
    }
  }
  const spa = ranked.find((entry) => entry.kind === "spa");
  expect(spa && pictures.get(spa)).toBe(kindPicture("spa", 0));
});
