import { describe, expect, test } from "vitest";
import { checkBank } from "./bank.ts";

function question(n: number) {
  return {
    text: `What is ${n} + 1?`,
    options: [`${n + 1}`, `${n + 2}`, `${n + 3}`, `${n + 4}`],
    answer: `${n + 1}`,
    explanation: `One more than ${n} is ${n + 1}.`,
  };
}

function bank() {
  return {
    category: "math",
    locale: "en-CA",
    title: "Math",
    coverAlt: "An abacus",
    sets: Array.from({ length: 20 }, (_, set) => ({
      set: set + 1,
      questions: Array.from({ length: 5 }, (_, position) => question(set * 5 + position)),
    })),
  };
}

describe("checkBank", () => {
  test("a sound bank has no problem", () => {
    expect(checkBank(bank())).toEqual([]);
  });

  test("a set without exactly 5 questions", () => {
    const broken = bank();
    broken.sets[3]?.questions.pop();
    expect(checkBank(broken)).toEqual([expect.stringMatching(/^sets\.3\.questions/)]);
  });

  test("a category without exactly 20 sets", () => {
    const broken = bank();
    broken.sets.pop();
    expect(checkBank(broken)).toEqual([expect.stringMatching(/^sets/)]);
  });

  test("sets out of order", () => {
    const broken = bank();
    const [first, second] = broken.sets;
    if (first && second) [first.set, second.set] = [2, 1];
    expect(checkBank(broken)).toContain("sets.0: numbered 2, expected 1");
  });

  test("an option list without 4 distinct options", () => {
    const three = bank();
    three.sets[0]?.questions[0]?.options.pop();
    expect(checkBank(three)).toEqual([expect.stringMatching(/options/)]);

    const repeated = bank();
    const item = repeated.sets[0]?.questions[0];
    if (item) item.options = ["1", "2", " 2 ", "4"];
    expect(checkBank(repeated)).toContain("set 1 question 1: options are not distinct");
  });

  test("an answer that is not one of the options", () => {
    const broken = bank();
    const item = broken.sets[5]?.questions[2];
    if (item) item.answer = "none of these";
    expect(checkBank(broken)).toEqual(["set 6 question 3: the answer is not one of the options"]);
  });

  test("a question asked twice in the same category and locale", () => {
    const broken = bank();
    const item = broken.sets[19]?.questions[4];
    if (item) item.text = " WHAT is 0 + 1? ";
    expect(checkBank(broken)).toEqual(["set 20 question 5: repeats set 1 question 1"]);
  });

  test("an empty or overlong text or explanation", () => {
    const broken = bank();
    const first = broken.sets[0]?.questions[0];
    const second = broken.sets[0]?.questions[1];
    if (first) first.text = "  ";
    if (second) second.explanation = "x".repeat(181);
    expect(checkBank(broken)).toHaveLength(2);
  });
});
