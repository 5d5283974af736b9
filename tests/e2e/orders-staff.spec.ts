import type { Browser, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { lastMailTo } from "./mail-server.ts";

const languages = [
  {
    prefix: "",
    add: "Add to Cart",
    province: "Province or territory",
    fields: ["Full name", "Email", "Street address", "City", "Postal code"],
    place: "Place order",
    interac: "send an Interac e-Transfer of",
    awaiting: "Status: awaiting payment",
    placed: "Placed",
    search: "Order number, buyer’s email or name",
    reference: "e-Transfer reference",
    markPaid: "Mark paid",
    paidDone: "Done: the order is now paid.",
    carrier: "Carrier",
    tracking: "Tracking number",
    markShipped: "Mark shipped",
    shippedDone: "Done: the order is now shipped.",
    byline: "Marked paid by",
    paidStep: "Payment received",
    shippedStep: "Shipped with Canada Post, tracking number 7023 1234 5678",
    shippedStatus: "Status: shipped",
    shippedMail: "is on its way with Canada Post, tracking number 7023 1234 5678",
    queue: "Orders awaiting action",
  },
  {
    prefix: "/fr",
    add: "Ajouter au panier",
    province: "Province ou territoire",
    fields: ["Nom complet", "Courriel", "Adresse", "Ville", "Code postal"],
    place: "Passer la commande",
    interac: "envoyez un virement Interac de",
    awaiting: "Statut\u00a0: en attente de paiement",
    placed: "Passée",
    search: "Numéro de commande, courriel ou nom de l’acheteur",
    reference: "Référence du virement Interac",
    markPaid: "Marquer payée",
    paidDone: "C’est fait\u00a0: la commande est maintenant «\u00a0payée\u00a0».",
    carrier: "Transporteur",
    tracking: "Numéro de suivi",
    markShipped: "Marquer expédiée",
    shippedDone: "C’est fait\u00a0: la commande est maintenant «\u00a0expédiée\u00a0».",
    byline: "Marquée payée par",
    paidStep: "Paiement reçu",
    shippedStep: "Expédiée avec Canada Post, numéro de suivi 7023 1234 5678",
    shippedStatus: "Statut\u00a0: expédiée",
    shippedMail: "est en route avec Canada Post, num",
    queue: "Commandes en attente",
  },
];

let guests = 0;

/** A guest in a browser of their own, at the test's width: no cookie shared with the staff member. */
async function guestPage(browser: Browser, width: number): Promise<Page> {
  guests += 1;
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({
    "x-e2e-visitor": `10.${200 + (process.pid % 50)}.${Math.floor(guests / 250)}.${guests % 250}`,
  });
  return page;
}

for (const width of [375, 1280]) {
  for (const language of languages) {
    test(`${language.prefix || "/en"} at ${width} px: a guest checks out, staff mark the order paid then shipped, the status page shows each step`, async ({
      browser,
      page,
      signIn,
    }) => {
      // Two browsers, four steps and five axe checks: longer than one page's test.
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 900 });
      const guest = await guestPage(browser, width);
      const email = `guest.${width}.${language.prefix ? "fr" : "en"}.${Date.now()}@example.com`;

      // The guest buys a mug and is told how to pay.
      await guest.goto(`${language.prefix}/shop?title=canoe`);
      await guest.goto(
        (await guest.getByRole("link", { name: /Canoe|Canot/ }).getAttribute("href")) ?? "",
      );
      await guest.getByRole("button", { name: language.add }).click();
      await expect(guest.getByRole("link", { name: /^(Cart|Panier), 1 / })).toBeVisible();
      await guest.goto(`${language.prefix}/cart`);
      await guest.getByLabel(language.province).selectOption("ON");
      const values = ["Léa Tremblay", email, "1 Sparks St", "Ottawa", "K1P 5B2"];
      for (const [index, label] of language.fields.entries())
        await guest.getByLabel(label, { exact: true }).fill(values[index] ?? "");
      await guest.getByRole("button", { name: language.place }).click();
      const heading = guest.getByRole("heading", { level: 1 });
      await expect(heading).toHaveText(/NB-\d{6}$/);
      const number = /NB-\d{6}/.exec((await heading.textContent()) ?? "")?.[0] ?? "";
      await expect(guest.getByRole("status")).toContainText(language.interac);
      await expect(guest.getByRole("status")).toContainText("payments@nearby.example");

      // The e-mail says the same and carries the signed link to the status page.
      await expect.poll(() => lastMailTo(email)).toContain(number);
      const confirmation = lastMailTo(email) ?? "";
      expect(confirmation).toContain(language.interac);
      const link = /https?:\/\/[^\s"<]+\/orders\/\d+\?t=[\w-]+/.exec(confirmation)?.[0] ?? "";
      expect(link).toContain(`${language.prefix}/orders/`);
      const statusPath = new URL(link).pathname + new URL(link).search;
      await guest.goto(statusPath);
      const progress = guest.getByRole("region", { name: /Progress|Suivi/ });
      await expect(progress).toContainText(language.awaiting);
      await expect(progress.getByRole("listitem")).toHaveCount(1);
      await expect(progress.getByRole("listitem")).toContainText(language.placed);
      await expectNoAxeViolations(guest);

      // A staff member finds it from the queue and the search, and marks it paid.
      await signIn({ role: "moderator", twoFactor: true });
      await page.goto(`${language.prefix}/staff`);
      await expect(page.getByText(language.queue)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto(`${language.prefix}/staff/orders`);
      await page.getByLabel(language.search).fill(email.toUpperCase());
      await page.getByLabel(language.search).press("Enter");
      await expect(page.getByRole("row")).toHaveCount(2);
      await expectNoAxeViolations(page);
      await page.getByRole("link", { name: number }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(number);
      await expectNoAxeViolations(page);
      await page.getByLabel(language.reference).fill("CA7Kq2");
      await page.getByRole("button", { name: language.markPaid }).click();
      await expect(page.getByRole("status")).toHaveText(language.paidDone);

      await guest.reload();
      await expect(progress.getByRole("listitem")).toHaveCount(2);
      await expect(progress.getByRole("listitem").nth(1)).toContainText(language.paidStep);

      // Then shipped, with the carrier and the tracking number.
      await page.getByLabel(language.carrier).fill("Canada Post");
      await page.getByLabel(language.tracking).fill("7023 1234 5678");
      await page.getByRole("button", { name: language.markShipped }).click();
      await expect(page.getByRole("status")).toHaveText(language.shippedDone);
      await expect(page.getByRole("button", { name: language.markShipped })).toHaveCount(0);
      // The console's history says who took each step, from the audit trail.
      await expect(page.getByRole("region", { name: /History|Historique/ })).toContainText(
        language.byline,
      );
      await expectNoAxeViolations(page);

      await guest.reload();
      await expect(progress).toContainText(language.shippedStatus);
      await expect(progress.getByRole("listitem")).toHaveCount(3);
      await expect(progress.getByRole("listitem").nth(2)).toContainText(language.shippedStep);
      // Each step with its date; never a staff member's name.
      await expect(progress.locator("time")).toHaveCount(3);
      await expectNoAxeViolations(guest);
      await expect.poll(() => lastMailTo(email)).toContain(language.shippedMail);

      // A wrong token opens nothing.
      const wrong = await guest.goto(statusPath.replace(/t=.{4}/, "t=AAAA"));
      expect(wrong?.status()).toBe(404);
      await guest.context().close();
    });
  }
}

test("a player who is not staff gets the site's 404 on the console's order pages", async ({
  page,
  signIn,
}) => {
  await signIn();
  for (const path of ["/staff/orders", "/fr/staff/orders/1"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
  }
});
