/** A comfortable reading speed for a web article, in words a minute (adults, either language). */
export const WORDS_PER_MINUTE = 200;

/**
 * Minutes to read a Markdown text, rounded up, at least 1. Words are runs of letters or digits
 * (an apostrophe or hyphen inside keeps a word whole); Markdown's own marks and link addresses are
 * not counted.
 */
export function readingMinutes(markdown: string): number {
  const text = markdown
    .replace(/\]\([^)]*\)/g, "]") // a link's address
    .replace(/[#>*_`~[\]|-]+(?=\s|$)/g, " "); // marks standing alone
  const words = text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
  return Math.max(1, Math.ceil(words.length / WORDS_PER_MINUTE));
}
