import { describe, expect, test } from "vitest";
import type { Locale } from "../i18n/locale.ts";
import { type Bank, checkBank, findRepeatsAcrossCategories, normalizeText } from "./bank.ts";
import type { QuizCategory } from "./categories.ts";

function question(n: number) {
  return {
    text: `What is ${n} + 1?`,
    options: [`${n + 1}`, `${n + 2}`, `${n + 3}`, `${n + 4}`],
    answer: `${n + 1}`,
    explanation: `One more than ${n} is ${n + 1}.`,
  };
}

/** A sound bank; `first` numbers its questions, so two banks built with different ones share none. */
function bank(category: QuizCategory = "math", locale: Locale = "en-CA", first = 0) {
  return {
    category,
    locale,
    title: "Math",
    coverAlt: "An abacus",
    sets: Array.from({ length: 20 }, (_, set) => ({
      set: set + 1,
      questions: Array.from({ length: 5 }, (_, position) => question(first + set * 5 + position)),
    })),
  } satisfies Bank;
}

/** Puts a question with this text and answer in set 1, question 1 of the bank. */
function ask(target: Bank, text: string, answer: string): Bank {
  const first = target.sets[0]?.questions[0];
  if (first) Object.assign(first, { text, answer, options: [answer, "b", "c", "d"] });
  return target;
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

  test("a question asked twice in the same category and locale, whatever its case or punctuation", () => {
    for (const text of [" WHAT is 0 + 1? ", "what is 0 + 1"]) {
      const broken = bank();
      const item = broken.sets[19]?.questions[4];
      if (item) item.text = text;
      expect(checkBank(broken)).toEqual(["set 20 question 5: repeats set 1 question 1"]);
    }
  });

  test("a straight apostrophe or quote, or the other language's quotation marks", () => {
    const english = ask(bank(), "What’s “one” plus 1?", "2");
    expect(checkBank(english)).toEqual([]);
    const french = ask(bank("math", "fr-CA"), "Combien font « un » plus 1\u202f?", "2");
    expect(checkBank(french)).toEqual([]);

    expect(checkBank(ask(bank(), "What's one plus 1?", "2"))).toEqual([
      "set 1 question 1: a quote mark other than ’ and “ ” in: What's one plus 1?",
    ]);
    expect(checkBank(ask(bank(), 'What is "one" plus 1?', "2"))).toHaveLength(1);
    expect(checkBank(ask(bank(), "What is « one » plus 1?", "2"))).toHaveLength(1);
    expect(checkBank(ask(bank("math", "fr-CA"), "Combien font “un” plus 1\u202f?", "2"))).toEqual([
      "set 1 question 1: a quote mark other than ’ and « » in: Combien font “un” plus 1\u202f?",
    ]);
    const option = bank();
    const item = option.sets[2]?.questions[1];
    if (item) item.explanation = "It's one more.";
    expect(checkBank(option)).toEqual([
      "set 3 question 2: a quote mark other than ’ and “ ” in: It's one more.",
    ]);
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

describe("normalizeText", () => {
  test("ignores case, accents, punctuation and extra spaces but keeps symbols", () => {
    expect(normalizeText("  Qu’est-ce qui vient ensuite\u202f? ")).toBe(
      "qu est ce qui vient ensuite",
    );
    expect(normalizeText("Où est « Québec »\u00a0?")).toBe(normalizeText("ou est quebec"));
    expect(normalizeText("What is 2 + 3?")).not.toBe(normalizeText("What is 2 × 3?"));
  });
});

describe("findRepeatsAcrossCategories", () => {
  test("sound banks of different categories repeat nothing", () => {
    expect(findRepeatsAcrossCategories([bank("math"), bank("challenge", "en-CA", 100)])).toEqual(
      [],
    );
  });

  test("the same question in two categories of one language, whatever its case or punctuation", () => {
    const banks = [
      ask(bank("math"), "How many days are in one week?", "7"),
      ask(bank("challenge", "en-CA", 100), "how many days are in one week", "7"),
    ];
    expect(findRepeatsAcrossCategories(banks)).toEqual([
      "en-CA math set 1 question 1 and en-CA challenge set 1 question 1 ask the same question",
    ]);
  });

  test("the same question in two languages is not a repeat", () => {
    const banks = [
      ask(bank("math"), "Combien font 2 + 2\u202f?", "4"),
      ask(bank("challenge", "fr-CA", 100), "Combien font 2 + 2\u202f?", "4"),
    ];
    expect(findRepeatsAcrossCategories(banks)).toEqual([]);
  });

  test("the same fact asked in other words: same answer and key words", () => {
    const banks = [
      ask(bank("animal"), "What is a baby dog called?", "Puppy"),
      ask(bank("language", "en-CA", 100), "What do we call a baby dog?", "a puppy"),
    ];
    expect(findRepeatsAcrossCategories(banks)).toEqual([
      "en-CA animal set 1 question 1 and en-CA language set 1 question 1 teach the same fact (puppy: baby, dog)",
    ]);
  });

  test("the same run of numbers with the same answer", () => {
    const banks = [
      ask(bank("math", "fr-CA"), "Quel nombre vient ensuite\u202f? 30, 27, 24, 21, …", "18"),
      ask(
        bank("challenge", "fr-CA", 100),
        "Qu’est-ce qui vient ensuite\u202f? 30, 27, 24, 21, …",
        "18",
      ),
    ];
    expect(findRepeatsAcrossCategories(banks)).toEqual([
      "fr-CA math set 1 question 1 and fr-CA challenge set 1 question 1 teach the same fact (18: 30 27 24 21)",
    ]);
  });

  test("the same answer to a question about something else is not a repeat", () => {
    const banks = [
      ask(bank("science"), "Which season is the warmest in Canada?", "Summer"),
      ask(
        bank("challenge", "en-CA", 100),
        "In Canada, which season begins around June 21?",
        "Summer",
      ),
      ask(
        bank("animal", "en-CA", 200),
        "Which animal is the biggest member of the deer family?",
        "Moose",
      ),
      ask(bank("alphabet", "en-CA", 300), "Which animal’s name starts with the letter M?", "moose"),
    ];
    expect(findRepeatsAcrossCategories(banks)).toEqual([]);
  });
});
