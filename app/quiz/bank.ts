import { z } from "zod";
import { LOCALES, type Locale } from "../i18n/locale.ts";
import { QUESTIONS_PER_SET, QUIZ_CATEGORIES, SETS_PER_CATEGORY } from "./categories.ts";

/**
 * Lengths that still read well on a 375 px phone screen, with options in two columns; see
 * content/quiz/README.md.
 */
const BANK_LIMITS = { text: 140, option: 40, explanation: 180 } as const;

const question = z.object({
  text: z.string().trim().min(1).max(BANK_LIMITS.text),
  options: z.array(z.string().trim().min(1).max(BANK_LIMITS.option)).length(4),
  answer: z.string(),
  explanation: z.string().trim().min(1).max(BANK_LIMITS.explanation),
});

const bankSchema = z.object({
  category: z.enum(QUIZ_CATEGORIES),
  locale: z.enum(LOCALES),
  title: z.string().trim().min(1),
  coverAlt: z.string().trim().min(1),
  sets: z
    .array(
      z.object({
        set: z.number().int().min(1).max(SETS_PER_CATEGORY),
        questions: z.array(question).length(QUESTIONS_PER_SET),
      }),
    )
    .length(SETS_PER_CATEGORY),
});

export type Bank = z.infer<typeof bankSchema>;

function comparable(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, " ");
}

/**
 * How two question texts are compared: lower case, accents and punctuation removed, spaces
 * collapsed, so "Où est Québec ?" and "ou est quebec" match. Symbols (+ − × ÷ $ ¢ °) are kept:
 * "2 + 3" and "2 × 3" are different questions.
 */
export function normalizeText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\p{P}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Each language's own quotation marks; a straight ' or " is never right in a text people read. */
const WRONG_QUOTES: Record<Locale, { pattern: RegExp; use: string }> = {
  "en-CA": { pattern: /['"«»]/, use: "’ and “ ”" },
  "fr-CA": { pattern: /['"“”]/, use: "’ and « »" },
};

/**
 * Every problem with a bank, as readable lines (empty when it is sound): its shape, then the rules
 * a shape cannot say — sets in order, distinct options, an answer among them, no repeated question,
 * typographic apostrophes and quotes.
 */
export function checkBank(input: unknown): string[] {
  const parsed = bankSchema.safeParse(input);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  }
  const bank = parsed.data;
  const quotes = WRONG_QUOTES[bank.locale];
  const problems: string[] = [];
  const checkQuotes = (where: string, text: string) => {
    if (quotes.pattern.test(text))
      problems.push(`${where}: a quote mark other than ${quotes.use} in: ${text}`);
  };
  checkQuotes("title", bank.title);
  checkQuotes("coverAlt", bank.coverAlt);
  const seen = new Map<string, string>();
  bank.sets.forEach((set, setIndex) => {
    if (set.set !== setIndex + 1)
      problems.push(`sets.${setIndex}: numbered ${set.set}, expected ${setIndex + 1}`);
    set.questions.forEach((item, questionIndex) => {
      const where = `set ${set.set} question ${questionIndex + 1}`;
      if (new Set(item.options.map(comparable)).size !== item.options.length) {
        problems.push(`${where}: options are not distinct`);
      }
      if (!item.options.includes(item.answer))
        problems.push(`${where}: the answer is not one of the options`);
      for (const text of [item.text, ...item.options, item.explanation]) checkQuotes(where, text);
      const key = normalizeText(item.text);
      const earlier = seen.get(key);
      if (earlier) problems.push(`${where}: repeats ${earlier}`);
      else seen.set(key, where);
    });
  });
  return problems;
}

/**
 * Words that frame a question rather than name its subject ("Which…", "Combien de…", "Qui suis-je"),
 * left out when two questions are compared for the fact they teach (as are words of one or two
 * letters).
 */
const FRAMING_WORDS: Record<Locale, ReadonlySet<string>> = {
  "en-CA": new Set(
    `the for with and but are was were been does did you your our its this that these those which
    what who whom whose how many much why where when there their they she his her him one called
    call name named kind most more some any all each every can could will would should has have
    had from into than then not about also often usually very get gets got make makes made come
    comes next`.split(/\s+/),
  ),
  "fr-CA": new Set(
    `aux les une des est sont elle ils elles que quel quelle quels quelles qui quoi comment combien
    pourquoi dans sur pour par avec cet cette ces son ses leur leurs pas plus tres ton tes vous
    nous mon mes suis appelle fait font faire peut voit faut quand lequel laquelle lesquels vient
    viennent ensuite comme tout toute tous toutes sans aucun aucune`.split(/\s+/),
  ),
};

/** Leading articles and prepositions, so "The beaver", "beaver" and "Le castor" / "castor" match. */
const LEADING_ARTICLE = /^(?:a|an|the|le|la|les|l|un|une|des|du|de|d|au|aux|en) /;

function bareAnswer(answer: string): string {
  let bare = normalizeText(answer);
  while (LEADING_ARTICLE.test(bare)) bare = bare.replace(LEADING_ARTICLE, "");
  return bare;
}

/**
 * What a question is about: its key words, cut to their first five letters so that "leaves" and
 * "leave", "Canada" and "Canadian", "construit" and "construisent" meet; and its numbers, in order.
 */
function subject(text: string, locale: Locale): { words: Set<string>; numbers: string } {
  const tokens = normalizeText(text).split(" ");
  const numbers = tokens.filter((token) => /^\d+$/.test(token));
  const words = tokens
    .filter(
      (token) => token.length > 2 && !/^\d+$/.test(token) && !FRAMING_WORDS[locale].has(token),
    )
    .map((word) => word.replace(/[sx]$/, "").slice(0, 5));
  return { words: new Set(words), numbers: numbers.join(" ") };
}

/**
 * Questions of one language that repeat each other across categories, as readable lines: the same
 * text (compared with normalizeText), or the same fact. Two questions teach the same fact when they
 * have the same answer (articles aside) and either the same run of at least three numbers
 * ("30, 27, 24, 21, …") or the same numbers and the same key words — at least two shared, making
 * up at least half of the longer question's.
 */
export function findRepeatsAcrossCategories(banks: Bank[]): string[] {
  const problems: string[] = [];
  for (const locale of LOCALES) {
    const questions = banks
      .filter((bank) => bank.locale === locale)
      .flatMap((bank) =>
        bank.sets.flatMap((set) =>
          set.questions.map((item, index) => ({
            category: bank.category,
            where: `${locale} ${bank.category} set ${set.set} question ${index + 1}`,
            text: normalizeText(item.text),
            answer: bareAnswer(item.answer),
            ...subject(item.text, locale),
          })),
        ),
      );
    questions.forEach((first, index) => {
      for (const second of questions.slice(index + 1)) {
        if (first.category === second.category) continue;
        if (first.text === second.text) {
          problems.push(`${first.where} and ${second.where} ask the same question`);
          continue;
        }
        if (first.answer !== second.answer || first.numbers !== second.numbers) continue;
        const shared = [...first.words].filter((word) => second.words.has(word));
        const longest = Math.max(first.words.size, second.words.size);
        const sameRun = first.numbers.split(" ").length >= 3;
        if (sameRun || (shared.length >= 2 && shared.length * 2 >= longest)) {
          const why = sameRun ? first.numbers : shared.join(", ");
          problems.push(
            `${first.where} and ${second.where} teach the same fact (${first.answer}: ${why})`,
          );
        }
      }
    });
  }
  return problems;
}
