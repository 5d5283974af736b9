/**
 * French punctuation spacing, as the site writes it: a no-break space (U+00A0, or the narrow
 * U+202F) before : ; ! ? and », and after «. Matches a mistake. A digit may touch a colon (a time,
 * a ratio), ! ? may follow each other, and an address's `://` is not punctuation (a listing's web
 * site, shown as it was typed).
 */
export const FRENCH_SPACING_MISTAKE =
  /(^|[^\u00a0\u202f!?\d])(?::(?!\/\/)|[;!?»])|(^|[^\u00a0\u202f!?])[;!?»]|«[^\u00a0\u202f]/u;
