import { describe, expect, test } from "vitest";
import { firstProblem, safeRedirect, signUpSchema } from "./validation.ts";

const sound = {
  name: "Maya",
  email: "maya@example.com",
  age: "10",
  password: "tuque-hiver-2026",
  confirmPassword: "tuque-hiver-2026",
};
const check = (changes: Partial<typeof sound>) =>
  firstProblem(signUpSchema.safeParse({ ...sound, ...changes }))?.message;

describe("sign-up checks, in SPEC.md's order", () => {
  test("a sound form passes", () => {
    expect(check({})).toBeUndefined();
  });

  test.each([
    [{ name: "" }, "auth.problems.usernameShort"],
    [{ name: "Al" }, "auth.problems.usernameShort"],
    [{ age: "" }, "auth.problems.ageRequired"],
    [{ password: "" }, "auth.problems.passwordShort"],
    [{ password: "short7!", confirmPassword: "short7!" }, "auth.problems.passwordShort"],
    [{ confirmPassword: "" }, "auth.problems.confirmRequired"],
    [{ confirmPassword: "something-else" }, "auth.problems.passwordsMismatch"],
  ])("%j gives %s", (changes, message) => {
    expect(check(changes)).toBe(message);
  });

  test("when several fields are wrong, the first in order is shown", () => {
    expect(check({ name: "Al", age: "", password: "x", confirmPassword: "" })).toBe(
      "auth.problems.usernameShort",
    );
    expect(check({ age: "", password: "x", confirmPassword: "" })).toBe(
      "auth.problems.ageRequired",
    );
    expect(check({ password: "x", confirmPassword: "" })).toBe("auth.problems.passwordShort");
  });

  test.each(["3", "121", "ten", "10.5", "-4"])(
    "age %j must be a whole number from 4 to 120",
    (age) => {
      expect(check({ age })).toBe("auth.problems.ageRange");
    },
  );

  test.each(["4", "120", " 12 "])("age %j is taken", (age) => {
    expect(check({ age })).toBeUndefined();
  });

  test("the e-mail must have the form of an address", () => {
    expect(check({ email: "maya-at-example" })).toBe("auth.problems.emailInvalid");
  });
});

describe("safeRedirect", () => {
  test.each([
    ["/profile", "/profile"],
    ["/fr/businesses?title=caf#top", "/fr/businesses?title=caf#top"],
  ])("%s stays on the site", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  test.each([
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "profile",
    "",
    null,
    undefined,
  ])("%j is refused and sends home", (target) => {
    expect(safeRedirect(target)).toBe("/");
  });
});
