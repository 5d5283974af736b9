/**
 * The longest text the shared fields take, in a module of its own so that a form's inputs can
 * carry the same limits as the rules (email.ts, phone.ts) without loading their libraries.
 */

/** The longest address SMTP carries (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX = 254;

/** Longer than any number written with spaces, dots or dashes: beyond it nothing is parsed. */
export const PHONE_MAX = 40;
