import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { lastMailTo } from "./mail-server.ts";

const password = "maple-leaf-canoe-7";

/** The sign-up form's and the consent page's texts, which the consent and family specs share. */
export const SIGN_UP_TEXTS = {
  "en-CA": {
    prefix: "",
    username: "Username",
    email: /^Email$/,
    age: /^Age$/,
    parent: "Parent’s or guardian’s email",
    password: /^Password$/,
    confirm: "Confirm password",
    signUp: "Sign up",
    sent: "We have sent a link to",
    register: "Create an account",
    iConsent: "I consent",
    given: "Your consent is recorded.",
  },
  "fr-CA": {
    prefix: "/fr",
    username: "Nom d’utilisateur",
    email: /^Courriel$/,
    age: /^Âge$/,
    parent: "Courriel d’un parent ou tuteur",
    password: /^Mot de passe$/,
    confirm: "Confirmer le mot de passe",
    signUp: "S’inscrire",
    sent: "Nous avons envoyé un lien à",
    register: "Créer un compte",
    iConsent: "Je consens",
    given: "Votre consentement est enregistré.",
  },
} as const;

/** Fills the page's sign-up form as a person would (a child gives `parent`), and sends it. */
export async function signUp(
  page: Page,
  locale: keyof typeof SIGN_UP_TEXTS,
  who: Record<string, string>,
) {
  const text = SIGN_UP_TEXTS[locale];
  const form = page.locator("main form").first();
  await form.getByLabel(text.username).fill(who.name ?? "");
  await form.getByLabel(text.email).fill(who.email ?? "");
  await form.getByLabel(text.age).fill(who.age ?? "");
  if (who.parent) await form.getByLabel(text.parent).fill(who.parent);
  await form.getByLabel(text.password).fill(password);
  await form.getByLabel(text.confirm).fill(password);
  await form.getByRole("button", { name: text.signUp }).click();
  await expect(page.getByRole("status")).toContainText(`${text.sent} ${who.email}`);
}

/** The link of the last message to `to` that matches `pattern`, as its reader would follow it. */
export async function linkIn(to: string, pattern: RegExp) {
  await expect.poll(() => lastMailTo(to)).toMatch(pattern);
  return (pattern.exec(lastMailTo(to) ?? "")?.[0] ?? "").replaceAll("&amp;", "&");
}

/** The consent link mailed to a parent's address. */
export const CONSENT_LINK = /http:\/\/127\.0\.0\.1:\d+(?:\/fr)?\/family\/consent\/[\w-]+/;

/**
 * On the consent page (`link`): the parent creates an account of their own, confirms it from its
 * e-mail, comes back and consents.
 */
export async function consentWithNewAccount(
  page: Page,
  locale: keyof typeof SIGN_UP_TEXTS,
  { link, name, email }: { link: string; name: string; email: string },
) {
  const text = SIGN_UP_TEXTS[locale];
  await page.getByRole("link", { name: text.register }).click();
  await signUp(page, locale, { name, email, age: "41" });
  await page.goto(
    await linkIn(email, /http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?[^\s"<]+/),
  );
  await page.goto(link);
  await page.getByRole("button", { name: text.iConsent }).click();
  await expect(page.getByRole("status")).toContainText(text.given);
}
