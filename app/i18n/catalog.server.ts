import emailEn from "../auth/messages/email.en-CA.json" with { type: "json" };
import emailFr from "../auth/messages/email.fr-CA.json" with { type: "json" };
import authEn from "../auth/messages/en-CA.json" with { type: "json" };
import authFr from "../auth/messages/fr-CA.json" with { type: "json" };
import blogEn from "../blog/messages/en-CA.json" with { type: "json" };
import blogFr from "../blog/messages/fr-CA.json" with { type: "json" };
import addBusinessEn from "../directory/messages/add-business.en-CA.json" with { type: "json" };
import addBusinessFr from "../directory/messages/add-business.fr-CA.json" with { type: "json" };
import businessPageEn from "../directory/messages/business-page.en-CA.json" with { type: "json" };
import businessPageFr from "../directory/messages/business-page.fr-CA.json" with { type: "json" };
import directoryEmailEn from "../directory/messages/email.en-CA.json" with { type: "json" };
import directoryEmailFr from "../directory/messages/email.fr-CA.json" with { type: "json" };
import directoryEn from "../directory/messages/en-CA.json" with { type: "json" };
import directoryFr from "../directory/messages/fr-CA.json" with { type: "json" };
import manageEn from "../directory/messages/manage.en-CA.json" with { type: "json" };
import manageFr from "../directory/messages/manage.fr-CA.json" with { type: "json" };
import jobsEmailEn from "../jobs/messages/email.en-CA.json" with { type: "json" };
import jobsEmailFr from "../jobs/messages/email.fr-CA.json" with { type: "json" };
import employerEn from "../jobs/messages/employer.en-CA.json" with { type: "json" };
import employerFr from "../jobs/messages/employer.fr-CA.json" with { type: "json" };
import jobsEn from "../jobs/messages/en-CA.json" with { type: "json" };
import jobsFr from "../jobs/messages/fr-CA.json" with { type: "json" };
import playersEmailEn from "../players/messages/email.en-CA.json" with { type: "json" };
import playersEmailFr from "../players/messages/email.fr-CA.json" with { type: "json" };
import playersEn from "../players/messages/en-CA.json" with { type: "json" };
import playersFr from "../players/messages/fr-CA.json" with { type: "json" };
import pricingEmailEn from "../pricing/messages/email.en-CA.json" with { type: "json" };
import pricingEmailFr from "../pricing/messages/email.fr-CA.json" with { type: "json" };
import pricingEn from "../pricing/messages/en-CA.json" with { type: "json" };
import pricingFr from "../pricing/messages/fr-CA.json" with { type: "json" };
import quizEn from "../quiz/messages/en-CA.json" with { type: "json" };
import quizFr from "../quiz/messages/fr-CA.json" with { type: "json" };
import shopEmailEn from "../shop/messages/email.en-CA.json" with { type: "json" };
import shopEmailFr from "../shop/messages/email.fr-CA.json" with { type: "json" };
import shopEn from "../shop/messages/en-CA.json" with { type: "json" };
import shopFr from "../shop/messages/fr-CA.json" with { type: "json" };
import staffEn from "../staff/messages/en-CA.json" with { type: "json" };
import staffFr from "../staff/messages/fr-CA.json" with { type: "json" };
import type { Locale } from "./locale.ts";
import shellEn from "./messages/en-CA.json" with { type: "json" };
import shellFr from "./messages/fr-CA.json" with { type: "json" };

/**
 * Every message of the site, by bundle: the shell (header, footer, notices, errors) and one bundle
 * per area, each kept in its area's `messages/` folder. Server only: a page receives just the
 * bundles its route asks for, in its own language (see `messagesFor`).
 */
const CATALOG = {
  shell: { "en-CA": shellEn, "fr-CA": shellFr },
  directory: { "en-CA": directoryEn, "fr-CA": directoryFr },
  // A business's own page (its details, reviews and questions) and the report form: the lists
  // of businesses do not send them with every page.
  businessPage: { "en-CA": businessPageEn, "fr-CA": businessPageFr },
  // A listing's manage pages, for its owners and staff.
  manage: { "en-CA": manageEn, "fr-CA": manageFr },
  // "Add your business": the form for a new listing.
  addBusiness: { "en-CA": addBusinessEn, "fr-CA": addBusinessFr },
  directoryEmail: { "en-CA": directoryEmailEn, "fr-CA": directoryEmailFr },
  auth: { "en-CA": authEn, "fr-CA": authFr },
  email: { "en-CA": emailEn, "fr-CA": emailFr },
  players: { "en-CA": playersEn, "fr-CA": playersFr },
  playersEmail: { "en-CA": playersEmailEn, "fr-CA": playersEmailFr },
  quiz: { "en-CA": quizEn, "fr-CA": quizFr },
  blog: { "en-CA": blogEn, "fr-CA": blogFr },
  shop: { "en-CA": shopEn, "fr-CA": shopFr },
  shopEmail: { "en-CA": shopEmailEn, "fr-CA": shopEmailFr },
  pricing: { "en-CA": pricingEn, "fr-CA": pricingFr },
  pricingEmail: { "en-CA": pricingEmailEn, "fr-CA": pricingEmailFr },
  jobs: { "en-CA": jobsEn, "fr-CA": jobsFr },
  jobsEmail: { "en-CA": jobsEmailEn, "fr-CA": jobsEmailFr },
  // An employer's own pages, for its members and staff.
  employer: { "en-CA": employerEn, "fr-CA": employerFr },
  staff: { "en-CA": staffEn, "fr-CA": staffFr },
} as const;

export type BundleName = keyof typeof CATALOG;

/** The shape of every message, for typed keys (i18next.d.ts). */
export type AllMessages = typeof shellEn &
  typeof directoryEn &
  typeof businessPageEn &
  typeof manageEn &
  typeof addBusinessEn &
  typeof directoryEmailEn &
  typeof authEn &
  typeof emailEn &
  typeof playersEn &
  typeof playersEmailEn &
  typeof quizEn &
  typeof blogEn &
  typeof shopEn &
  typeof shopEmailEn &
  typeof pricingEn &
  typeof pricingEmailEn &
  typeof jobsEn &
  typeof jobsEmailEn &
  typeof employerEn &
  typeof staffEn;

/** The named bundles in one language, as a page's loader sends them to the browser. */
export type PageMessages = Partial<Record<BundleName, Record<string, unknown>>>;

export function messagesFor(locale: Locale, bundles: readonly BundleName[]): PageMessages {
  return Object.fromEntries(bundles.map((name) => [name, CATALOG[name][locale]]));
}

/** Every bundle in one language, for what the server writes itself (e-mails, API errors). */
export function allMessages(locale: Locale): Record<string, unknown> {
  return Object.assign({}, ...Object.values(CATALOG).map((bundle) => bundle[locale]));
}

export const BUNDLE_NAMES = Object.keys(CATALOG) as BundleName[];
export const LOCALE_BUNDLES = CATALOG;
