/**
 * Lower case, accents removed, runs of white space folded: "Montréal" and "montreal" match the same
 * text, as a person typing on an English keyboard expects.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Characters no person types: controls, private-use and unassigned code points, format characters
 * (the emoji joiner aside) and U+FFFD, which undecodable bytes become. Multi-line text may hold
 * line breaks and tabs.
 */
const NOT_TYPED = /[\p{Co}\p{Cn}\ufffd]|(?!\u200d)\p{Cf}/u;
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

export function isPlainText(text: string, options: { multiline?: boolean } = {}): boolean {
  return !NOT_TYPED.test(text) && !(options.multiline ? CONTROL_BUT_LINES : CONTROL).test(text);
}
