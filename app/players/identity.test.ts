import { describe, expect, test } from "vitest";
import { mayBeSoldTo, publicIdentity, startsPublic } from "./identity.ts";

describe("startsPublic", () => {
  test.each([
    [undefined, false],
    [null, false],
    [4, false],
    [13, false],
    [14, true],
    [70, true],
  ])("age %s starts public: %s", (age, expected) => {
    expect(startsPublic(age)).toBe(expected);
  });
});

describe("publicIdentity", () => {
  const player = { handle: "sam-t-1234", name: "Sam Tremblay", image: "/uploads/avatars/a.webp" };

  test("a public profile shows the name and picture", () => {
    expect(publicIdentity({ ...player, profilePublic: true })).toEqual({
      handle: "sam-t-1234",
      displayName: "Sam Tremblay",
      image: "/uploads/avatars/a.webp",
      profilePublic: true,
    });
  });

  test("a private profile shows only the handle and the default picture", () => {
    expect(publicIdentity({ ...player, profilePublic: false })).toEqual({
      handle: "sam-t-1234",
      displayName: "sam-t-1234",
      image: null,
      profilePublic: false,
    });
  });
});

test("sold to: visitors and players of 14 or more; not children, nor a player who gave no age", () => {
  expect(mayBeSoldTo(null)).toBe(true);
  expect(mayBeSoldTo({ age: 14 })).toBe(true);
  expect(mayBeSoldTo({ age: 13 })).toBe(false);
  expect(mayBeSoldTo({ age: null })).toBe(false);
});
