import type { MessageKey } from "../i18n/i18n.ts";

/**
 * One action's limit: at most `max` attempts per subject in a window of `windowSeconds`; past it, a
 * 429 with Retry-After whose message (with `{{minutes}}`) says when to try again.
 */
export type Limit = { max: number; windowSeconds: number; message: MessageKey };

const HOUR = 60 * 60;

/**
 * Every limit of the app's own actions, in one table (decision 0038), applied by one helper,
 * `takeAttempt(db, name, subject)` in rate-limit.server.ts. Each counts before the action checks
 * its input, as soon as its subject is known, so refused input counts too; a recipient's address
 * is known once the form is read. Checkout alone counts inside the order's transaction, so a
 * refused checkout (nothing set aside, nothing mailed) is undone and does not count. A name is
 * part of the stored key (`name:subject`): renaming one starts its counts over.
 */
export const LIMITS = {
  /** Reviews, questions and answers written per player: a handful an hour, edits included. */
  "directory-write": { max: 10, windowSeconds: HOUR, message: "community.problems.tooManyWrites" },
  /** Reports of a review, question, answer or business, per player (a visitor: per address). */
  "directory-report": {
    max: 5,
    windowSeconds: HOUR,
    message: "community.problems.tooManyReports",
  },
  /** New listings ("Add your business") per player: each one waits on a member of staff. */
  "business-add": { max: 5, windowSeconds: 24 * HOUR, message: "addBusiness.problems.tooMany" },
  /** Job applications per client address: enough for a seeker's busy evening, not for a script. */
  apply: { max: 10, windowSeconds: 15 * 60, message: "jobs.problems.tooManyAttempts" },
  /** Job alert sign-ups per client address: each mails whatever address is typed, so fewer. */
  alert: { max: 5, windowSeconds: HOUR, message: "jobs.problems.tooManyAttempts" },
  /** Job reports per client address. */
  report: { max: 10, windowSeconds: HOUR, message: "jobs.problems.tooManyAttempts" },
  /**
   * Checkouts set stock aside and mail the address typed, without payment: per client address, and
   * per recipient (a hash of the e-mail address), so nobody empties the shelves or floods a mailbox.
   */
  checkout: { max: 5, windowSeconds: HOUR, message: "shop.problems.tooManyCheckouts" },
  "checkout-to": { max: 3, windowSeconds: HOUR, message: "shop.problems.tooManyCheckouts" },
  /** Plan requests mail whatever address is typed: per client address and per recipient. */
  "plan-request": { max: 5, windowSeconds: HOUR, message: "pricing.problems.tooManyRequests" },
  "plan-request-to": { max: 3, windowSeconds: HOUR, message: "pricing.problems.tooManyRequests" },
  /**
   * Codes sent to a listing's address to claim it, per player and business: enough for a lost or
   * late e-mail, not for flooding the business's mailbox (issue 26).
   */
  "claim-code": { max: 3, windowSeconds: HOUR, message: "claim.problems.tooManyCodes" },
  /** Claims by document per player: each waits on a member of staff, who opens its file. */
  "claim-document": {
    max: 3,
    windowSeconds: 24 * HOUR,
    message: "claim.problems.tooManyDocuments",
  },
  /** New employer profiles per player: each one waits on a member of staff to verify it. */
  "employer-create": { max: 5, windowSeconds: 24 * HOUR, message: "employer.new.problems.tooMany" },
  /** Invitations to act for an employer, per member: each mails whatever address is typed. */
  "employer-invite": {
    max: 10,
    windowSeconds: HOUR,
    message: "employer.members.problems.tooMany",
  },
  /** Co-owner invitations per manager: each mails whatever address is typed. */
  "owner-invite": { max: 10, windowSeconds: HOUR, message: "manage.invite.problems.tooMany" },
  /**
   * A child's e-mails to a parent for consent (a new address, or the same again), per child: a
   * lost mail or a second parent, not a flood of someone's mailbox.
   */
  "consent-request": {
    max: 3,
    windowSeconds: HOUR,
    message: "consent.problems.tooManyResends",
  },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

/**
 * Better Auth's own endpoints: requests per client address and minute, which Better Auth counts
 * and refuses itself (its `rateLimit.customRules`). The sign-in back-off per account is not a
 * window but a growing wait (app/auth/sign-in-limit.server.ts).
 */
export const AUTH_LIMITS = {
  "/sign-in/email": { window: 60, max: 5 },
  "/sign-up/email": { window: 60, max: 5 },
  "/request-password-reset": { window: 60, max: 3 },
  "/send-verification-email": { window: 60, max: 3 },
  /**
   * Turning two-factor on and giving its codes. Better Auth's own 3 in 10 s would refuse a member
   * who sets it up and signs in at once; each sign-in also allows only 5 wrong codes, and 10 in a
   * row lock the account for 15 minutes (the plugin's own counts, decision 0046).
   */
  "/two-factor/*": { window: 60, max: 10 },
} as const;
