import { describe, expect, test } from "vitest";
import { FRENCH_SPACING_MISTAKE } from "../../tests/support/french-typography.ts";
import { BUNDLE_NAMES, LOCALE_BUNDLES } from "./catalog.server.ts";

function leaves(value: unknown, prefix = ""): [string, unknown][] {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, child]) =>
      leaves(child, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [[prefix, value]];
}

describe.each(BUNDLE_NAMES)("the %s messages", (name) => {
  const { "en-CA": en, "fr-CA": fr } = LOCALE_BUNDLES[name];

  test("English and French have the same keys", () => {
    expect(leaves(fr).map(([key]) => key)).toEqual(leaves(en).map(([key]) => key));
  });

  test("no message is empty", () => {
    for (const [key, value] of [...leaves(en), ...leaves(fr)]) {
      expect(value, key).not.toEqual("");
    }
  });

  test("apostrophes and quotation marks are typographic (’ “ ” « »), never straight", () => {
    for (const [key, value] of [...leaves(en), ...leaves(fr)]) {
      expect(String(value), key).not.toMatch(/['"]/);
    }
  });

  test("French messages use French punctuation spacing", () => {
    for (const [key, value] of leaves(fr)) {
      for (const text of [value].flat()) {
        expect(String(text), key).not.toMatch(FRENCH_SPACING_MISTAKE);
      }
    }
  });
});

test("each group of messages belongs to one bundle only", () => {
  const groups = BUNDLE_NAMES.flatMap((name) => Object.keys(LOCALE_BUNDLES[name]["en-CA"]));
  expect(groups.length).toBe(new Set(groups).size);
});

/**
 * The children's area speaks to the player with « tu »: every message of the quiz, the profile,
 * the redeem page, the leaderboard and the follow lists, the redeem confirmation, and the shell's
 * and other bundles' messages those pages show.
 */
test("French says tu, never vous, wherever a child player reads", () => {
  const shown = (name: (typeof BUNDLE_NAMES)[number], ...keys: string[]) => {
    const all = leaves(LOCALE_BUNDLES[name]["fr-CA"]);
    return keys.length === 0 ? all : all.filter(([key]) => keys.includes(key));
  };
  const messages = [
    ...shown("quiz"),
    ...shown("players"),
    ...shown("playersEmail"),
    ...shown(
      "shell",
      "error.quizLoad",
      "errors.invalid_quiz_timer",
      "notices.accountDeleted",
      "notices.profileSaved",
      "notices.settingsSaved",
      "notices.redeemTooCostly",
    ),
    ...shown("auth", "auth.logout.confirm", "auth.verify.banner", "auth.verify.sent"),
    ...shown("directory", "places.savedHeading", "places.savedEmpty", "places.browse"),
  ];
  expect(messages.length).toBeGreaterThan(100);
  // The consent page, the child's family page and their e-mails speak to the parent, an adult:
  // vous (decisions 0064 and 0073).
  const toTheParent = new Set([
    "consent.intro",
    "consent.keptTitle",
    "consent.withdrawInfo",
    "consent.signInFirst",
    "consent.given",
    "consent.withdrawn",
    "consent.problems.linkUsed",
  ]);
  for (const [key, value] of messages) {
    if (
      toTheParent.has(key) ||
      key.startsWith("playersEmail.consent") ||
      // The family pages and their e-mails speak to the parent too (decisions 0071, 0073).
      key.startsWith("players.family.") ||
      key.startsWith("playersEmail.family") ||
      key.startsWith("familyChild.")
    )
      continue;
    // "-ez" catches a vous imperative ("Choisissez"); assez and chez are not verbs.
    expect(String(value), key).not.toMatch(/\b(vous|votre|vos|(?!assez|chez)\p{L}+ez)(?!\p{L})/iu);
  }
});
