import { describe, expect, test } from "vitest";
import { createTranslate, translatorFor } from "./i18n.ts";

const messages = {
  nav: { home: "Home", greeting: "Hello {{name}}, {{ name }}!" },
  points_one: "{{count}} point",
  points_other: "{{count}} points",
  rules: ["At most {{max}} letters", "No links"],
};

// The translation function is called with keys that are not in the typed catalogue here.
const loose = (t: unknown) => t as (key: string, options?: Record<string, unknown>) => unknown;

describe("createTranslate", () => {
  const en = loose(createTranslate("en-CA", messages));
  const fr = loose(createTranslate("fr-CA", messages));

  test("reads nested keys and fills every placeholder", () => {
    expect(en("nav.home")).toBe("Home");
    expect(en("nav.greeting", { name: "Zoé" })).toBe("Hello Zoé, Zoé!");
  });

  test("a value given as undefined or null is empty; one not given stays as written", () => {
    expect(en("nav.greeting", { name: undefined })).toBe("Hello , !");
    expect(en("nav.greeting", { name: null })).toBe("Hello , !");
    expect(en("nav.greeting")).toBe("Hello {{name}}, {{ name }}!");
  });

  test("a value is inserted as it is, not read again as a placeholder", () => {
    expect(en("nav.greeting", { name: "{{name}}" })).toBe("Hello {{name}}, {{name}}!");
  });

  test("count picks the plural of the language: French 0 and 1 are singular", () => {
    expect(en("points", { count: 0 })).toBe("0 points");
    expect(en("points", { count: 1 })).toBe("1 point");
    expect(fr("points", { count: 0 })).toBe("0 point");
    expect(fr("points", { count: 1 })).toBe("1 point");
    expect(fr("points", { count: 2 })).toBe("2 points");
  });

  test("a plural category without its own message (French 'many') falls back to _other", () => {
    expect(fr("points", { count: 1_000_000 })).toBe("1000000 points");
  });

  test("returnObjects gives lists with their placeholders filled; without it, the key", () => {
    expect(en("rules", { returnObjects: true, max: 20 })).toEqual([
      "At most 20 letters",
      "No links",
    ]);
    expect(en("rules")).toBe("rules");
    expect(en("nav")).toBe("nav");
  });

  test("a key that names no message comes back as itself", () => {
    expect(en("nav.missing")).toBe("nav.missing");
    expect(en("nav.home.deeper")).toBe("nav.home.deeper");
  });
});

describe("messages asked for without options", () => {
  test("are remembered per translator, and never stand in for a call with options", () => {
    const en = loose(createTranslate("en-CA", messages));
    for (let round = 0; round < 2; round++) {
      expect(en("nav.home")).toBe("Home");
      expect(en("nav.greeting")).toBe("Hello {{name}}, {{ name }}!");
      expect(en("points")).toBe("points");
      expect(en("rules")).toBe("rules");
      expect(en("nav.greeting", { name: "Zoé" })).toBe("Hello Zoé, Zoé!");
      expect(en("points", { count: 1 })).toBe("1 point");
      expect(en("rules", { returnObjects: true, max: 5 })).toEqual([
        "At most 5 letters",
        "No links",
      ]);
    }
  });

  test("a translator remembers only its own language's texts", () => {
    const en = loose(createTranslate("en-CA", { word: "Home" }));
    const fr = loose(createTranslate("fr-CA", { word: "Accueil" }));
    expect(en("word")).toBe("Home");
    expect(fr("word")).toBe("Accueil");
    expect(en("word")).toBe("Home");
  });
});

test("translatorFor makes one function per language and set of bundles", () => {
  const first = translatorFor("en-CA", { shell: { a: "A" }, page: { b: "B" } });
  expect(translatorFor("en-CA", { page: { b: "B" }, shell: { a: "A" } })).toBe(first);
  expect(translatorFor("fr-CA", { shell: { a: "A" }, page: { b: "B" } })).not.toBe(first);
  expect(loose(first)("b")).toBe("B");
});
