import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ICON_NAMES, spriteHref } from "./icons.tsx";

const sprite = readFileSync(new URL("./icons.svg", import.meta.url), "utf8");

describe("the icon sprite", () => {
  it("has a symbol for every icon name and the stars, and no other", () => {
    const symbols = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    expect(symbols.sort()).toEqual([...ICON_NAMES, "stars"].sort());
  });

  it("is referenced as a file, never as a data: address (which <use> refuses)", () => {
    expect(spriteHref("pin")).toMatch(/^\/[^:]*icons[^:#]*\.svg[^:#]*#pin$/);
  });
});
