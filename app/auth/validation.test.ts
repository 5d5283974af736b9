import { describe, expect, test } from "vitest";
import { authEndpointSchemas, safeRedirect, signUpSchema } from "./validation.ts";

const sound = {
  intent: "register" as const,
  name: "Maya",
  email: "maya@example.com",
  age: "10",
  password: "tuque-hiver-2026",
  confirmPassword: "tuque-hiver-2026",
  parentEmail: "parent.of.maya@example.com",
};
const check = (changes: Partial<typeof sound>) =>
  signUpSchema.safeParse({ ...sound, ...changes }).error?.issues[0]?.message;

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

  test("under 14 a parent's address is required, and it is not the child's own", () => {
    expect(check({ parentEmail: "" })).toBe("auth.problems.parentEmailRequired");
    expect(check({ age: "13", parentEmail: "  " })).toBe("auth.problems.parentEmailRequired");
    expect(check({ parentEmail: "MAYA@example.com" })).toBe("auth.problems.parentEmailSame");
    expect(check({ parentEmail: "parent-at-example" })).toBe("auth.problems.parentEmailInvalid");
  });

  test("from 14 no parent's address is asked", () => {
    expect(check({ age: "14", parentEmail: "" })).toBeUndefined();
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
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "/..//evil.example",
    "https:evil.example",
    "%2F%2Fevil.example",
    "/%2F/evil.example",
    "/%09/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "javascript:alert(1)",
    "profile",
    "",
    null,
    undefined,
  ])("%j is refused and sends home", (target) => {
    expect(safeRedirect(target)).toBe("/");
  });
});

describe("Better Auth's sign-up endpoint gets the form's rules", () => {
  const signUp = authEndpointSchemas["/sign-up/email"];
  const body = {
    name: "Maya",
    email: "maya@example.com",
    password: "tuque-hiver-2026",
    age: 10,
    parentEmail: "parent.of.maya@example.com",
  };
  const problem = (changes: Record<string, unknown>) =>
    signUp.safeParse({ ...body, ...changes }).error?.issues[0]?.message;

  test("a sound body passes, with the age as a number or as text", () => {
    expect(problem({})).toBeUndefined();
    expect(problem({ name: "Élodie 👩‍👧" })).toBeUndefined();
    expect(problem({ age: "10", locale: "fr-CA", callbackURL: "/fr" })).toBeUndefined();
  });

  test.each([
    [{ password: "abc" }, "auth.problems.passwordShort"],
    [{ name: "x".repeat(10_000) }, "auth.problems.usernameLong"],
    [{ age: undefined }, "auth.problems.ageRequired"],
    [{ age: "abc" }, "auth.problems.ageRange"],
    [{ age: Number("1e400") }, "auth.problems.ageRange"],
    [{ locale: "de-DE" }, "errors.invalid_value"],
    [{ callbackURL: "/.//evil.example" }, "auth.problems.redirectInvalid"],
    [{ name: "Maya\tTremblay" }, "auth.problems.usernameCharacters"],
    [{ name: "Maya\u202eyalp" }, "auth.problems.usernameCharacters"],
    [{ name: "Fuck Off" }, "auth.problems.usernameWords"],
    [{ name: "Petite salope" }, "auth.problems.usernameWords"],
    [{ password: "tuque\u0001hiver-2026" }, "auth.problems.passwordCharacters"],
    [{ parentEmail: undefined }, "auth.problems.parentEmailRequired"],
    [{ parentEmail: "maya@example.com" }, "auth.problems.parentEmailSame"],
  ])("%j is refused with %s", (changes, message) => {
    expect(problem(changes)).toBe(message);
  });

  test("a picture cannot be set at sign-up: only the upload writes it", () => {
    expect(signUp.safeParse({ ...body, image: "/uploads/avatars/someone-else.jpg" }).success).toBe(
      false,
    );
  });
});
