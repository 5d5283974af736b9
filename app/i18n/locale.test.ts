import { expect, test } from "vitest";
import { localeFromPath, localizedPath, unlocalizedPath } from "./locale.ts";

test.each([
  ["/", "en-CA"],
  ["/businesses", "en-CA"],
  ["/fr", "fr-CA"],
  ["/fr/businesses/3", "fr-CA"],
  ["/france", "en-CA"],
  ["/fr.data", "fr-CA"],
  ["/fr/profile.data", "fr-CA"],
  ["/_root.data", "en-CA"],
])("%s is in %s", (path, locale) => {
  expect(localeFromPath(path)).toBe(locale);
});

test("a path moves between languages and back", () => {
  expect(localizedPath("/", "fr-CA")).toBe("/fr");
  expect(localizedPath("/?notice=signedOut", "fr-CA")).toBe("/fr?notice=signedOut");
  expect(localizedPath("/#main", "fr-CA")).toBe("/fr#main");
  expect(localizedPath("/businesses?title=caf", "fr-CA")).toBe("/fr/businesses?title=caf");
  expect(localizedPath("/businesses", "en-CA")).toBe("/businesses");
  expect(unlocalizedPath("/fr")).toBe("/");
  expect(unlocalizedPath("/fr/businesses/3")).toBe("/businesses/3");
  expect(unlocalizedPath("/france")).toBe("/france");
});
