/**
 * Lower case, accents removed, typographic apostrophes made straight, runs of white space folded:
 * "Montréal" and "montreal", "Lakshmi’s" and "Lakshmi's" match the same text, as a person typing
 * on an English keyboard expects.
 */
export function normalizeForSearch(text: string): string {
  return text
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** Text made safe to place in HTML, as element content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * Control and format characters (tabs, escapes, bidi overrides, unassigned code points) have no place
 * in a name or an address people read, nor the replacement character that stands for bytes that
 * were not text; the zero-width joiner stays, as emoji sequences need it.
 */
const CONTROL_CHARACTER = /[\p{Cc}\p{Co}\p{Cn}\ufffd]|(?!\u200d)\p{Cf}/u;

/**
 * Whether a text is free of CONTROL_CHARACTER's characters; `multiline` text (a summary, a
 * message) may also hold line breaks and tabs.
 */
export function isReadableText(text: string, options: { multiline?: boolean } = {}): boolean {
  return !CONTROL_CHARACTER.test(options.multiline ? text.replace(/[\t\n\r]/g, "") : text);
}

/** JSON for a <script> element: "<" escaped, so no text in the data can end the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
