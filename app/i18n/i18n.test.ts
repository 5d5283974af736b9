import { describe, expect, test, vi } from "vitest";
import { createI18n, memoizedT } from "./i18n.ts";

describe("memoizedT", () => {
  const messages = {
    greeting: "Bonjour",
    named: "Bonjour, {{name}}",
    items_one: "{{count}} article",
    items_other: "{{count}} articles",
    nested: "$t(greeting) !",
  };

  test("gives the texts i18next gives, with and without options", () => {
    const instance = createI18n("fr-CA", messages);
    const t = memoizedT(instance) as (key: string, options?: object) => string;
    const plain = instance.t as unknown as (key: string) => string;
    for (const key of ["greeting", "nested", "missing.key"]) expect(t(key)).toBe(plain(key));
    expect(t("named", { name: "Zoé" })).toBe("Bonjour, Zoé");
    expect(t("items", { count: 1 })).toBe("1 article");
    expect(t("items", { count: 2 })).toBe("2 articles");
  });

  test("asks i18next once per plain key, and every time there are options", () => {
    const instance = createI18n("en-CA", messages);
    const translate = vi.spyOn(instance, "t");
    const t = memoizedT(instance) as (key: string, options?: object) => string;
    expect(memoizedT(instance)).toBe(t);
    t("greeting");
    t("greeting");
    t("named", { name: "A" });
    t("named", { name: "B" });
    expect(translate.mock.calls.map(([key]) => key)).toEqual(["greeting", "named", "named"]);
  });
});
