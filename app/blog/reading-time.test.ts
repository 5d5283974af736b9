import { expect, test } from "vitest";
import { readingMinutes, WORDS_PER_MINUTE } from "./reading-time.ts";

const words = (count: number, word = "canoe") =>
  Array.from({ length: count }, () => word).join(" ");

test("a short or empty text takes a minute", () => {
  expect(readingMinutes("")).toBe(1);
  expect(readingMinutes("# Hello")).toBe(1);
});

test("minutes are rounded up at 200 words a minute", () => {
  expect(readingMinutes(words(WORDS_PER_MINUTE))).toBe(1);
  expect(readingMinutes(words(WORDS_PER_MINUTE + 1))).toBe(2);
  expect(readingMinutes(words(1000))).toBe(5);
});

test("French elisions and compound words count as one word each", () => {
  expect(readingMinutes(words(200, "l’érablière"))).toBe(1);
  expect(readingMinutes(words(200, "aujourd'hui"))).toBe(1);
  expect(readingMinutes(words(201, "Trois-Rivières"))).toBe(2);
});

test("Markdown's marks and link addresses are not words", () => {
  const marked = Array.from(
    { length: 100 },
    () => "- **two** [words](https://example.com/a/very/long/address/with/many/parts)",
  ).join("\n");
  expect(readingMinutes(marked)).toBe(1);
  expect(readingMinutes(`${marked}\n${words(1)}`)).toBe(2);
});
