import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { connectToSite, createSignedInPlayer } from "./players.ts";

const LANGUAGES = [
  { prefix: "", home: "/" },
  { prefix: "/fr", home: "/fr" },
] as const;

/** The 404 page's heading, in either language. */
const NOT_FOUND = /^(Error|Erreur) 404/;

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

/** Once the page's script runs, a click on a link navigates in the page, asking for `.data`. */
async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
}

/** What a link's click calls: React Router's navigation in the page, which asks for `.data`. */
function routerNavigate(page: Page, to: string) {
  return page.evaluate(
    (path) =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => unknown } }
      ).__reactRouterDataRouter.navigate(path),
    to,
  );
}

/**
 * Clicks each link `links` finds, one after the other, from `start` (going back to it after each):
 * each must navigate in the page (no new document), get its data without a 404 and show its
 * address, or the login page that comes back to it, never the 404 page. `reveal` opens whatever
 * hides a link (the phone bar's More menu).
 */
async function clickEveryLink(
  page: Page,
  start: string,
  links: () => Locator,
  reveal: (link: Locator) => Promise<void> = async () => {},
) {
  await openHydrated(page, start);
  const hrefs = await links().evaluateAll((found) =>
    found.map((link) => link.getAttribute("href") ?? ""),
  );
  expect(hrefs.length).toBeGreaterThan(0);
  // Gone if a click loads a new document instead of navigating in the page.
  await page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
  });
  for (const [index, href] of hrefs.entries()) {
    const link = links().nth(index);
    await reveal(link);
    const data = page.waitForResponse((answer) => new URL(answer.url()).pathname.endsWith(".data"));
    await link.click();
    expect((await data).status(), `the data of ${href}`).toBeLessThan(400);
    await expect(page).toHaveURL(
      (url) =>
        `${url.pathname}${url.search}${url.hash}` === href ||
        (/\/login$/.test(url.pathname) && url.searchParams.get("redirectTo") === href),
    );
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(NOT_FOUND);
    expect(await page.evaluate(() => "sameDocument" in window), href).toBe(true);
    // Back to the start in the page too (Back would leave the site after a link to the page itself).
    await routerNavigate(page, start);
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === start);
  }
}

for (const { prefix, home } of LANGUAGES) {
  test.describe(`every link works by click (${home})`, () => {
    // A dozen navigations each: more than one page's worth of time on a loaded machine.
    test.slow();

    test("the header, at 1280 px", async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await clickEveryLink(page, home, () =>
        // The cart button opens its pop-up in the page (shop.spec.ts); /cart is its no-script link.
        page.locator("header a[href]:not([aria-haspopup])"),
      );
    });

    test("the footer, at 1280 px", async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await clickEveryLink(page, home, () => page.locator("footer a[href]"));
    });

    test("the phone bar and its More menu, at 375 px", async ({ page }) => {
      await page.setViewportSize(PHONE);
      const bar = page.getByRole("navigation", {
        name: prefix ? "Principal, mobile" : "Main, mobile",
      });
      // From the About page: the bar's Home is then a way somewhere else.
      await clickEveryLink(
        page,
        `${prefix}/about`,
        () => bar.locator("a[href]"),
        async (link) => {
          if (!(await link.isVisible())) await bar.getByText(prefix ? "Plus" : "More").click();
        },
      );
    });
  });
}

test.describe("the phone bar's More menu", () => {
  test.use({ viewport: PHONE });

  for (const { prefix } of LANGUAGES) {
    test(`leads to Blogs, Shop and Pricing, by keyboard, and closes on Escape (${prefix || "/"})`, async ({
      page,
    }) => {
      await openHydrated(page, `${prefix}/jobs`);
      const more = page.locator("nav summary");
      const names = prefix ? ["Blogue", "Boutique", "Forfaits"] : ["Blog", "Shop", "Pricing"];
      const menuLinks = page.locator("nav details a");
      await expect(menuLinks).toHaveCount(3);
      await expect(menuLinks.first()).toBeHidden();

      await more.focus();
      await page.keyboard.press("Enter");
      for (const [index, name] of names.entries()) {
        await expect(menuLinks.nth(index)).toHaveAccessibleName(name);
        await expect(menuLinks.nth(index)).toBeVisible();
      }
      await expectNoAxeViolations(page);
      await page.keyboard.press("Tab");
      await expect(menuLinks.first()).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(menuLinks.first()).toBeHidden();
      await expect(more).toBeFocused();

      await page.keyboard.press("Space");
      await expect(menuLinks.nth(1)).toBeVisible();
      await menuLinks.nth(1).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/shop$`));
      // Followed from the menu, the link leaves it closed on the new page.
      await expect(menuLinks.first()).toBeHidden();
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("the More menu opens and its links lead to their pages", async ({ page }) => {
    await page.goto("/fr/jobs");
    await page.locator("nav summary").click();
    await page.getByRole("navigation").getByRole("link", { name: "Boutique" }).click();
    await expect(page).toHaveURL(/\/fr\/shop$/);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(NOT_FOUND);
  });
});

test.describe("signing in from a protected page comes back to it", () => {
  test.use({ viewport: PHONE });

  const PROTECTED = ["/playgames", "/profile", "/redeem", "/leaderboard", "/jobs/saved"];
  for (const { prefix, home } of LANGUAGES) {
    for (const path of PROTECTED) {
      test(`${prefix}${path}`, async ({ page }) => {
        const db = connectToSite();
        const password = "maple-syrup-harbour-3";
        const { player } = await createSignedInPlayer(db, {
          password,
          locale: prefix ? "fr-CA" : "en-CA",
        }).finally(() => db.end());
        const target = `${prefix}${path}`;

        await openHydrated(page, home);
        if (path === "/playgames") {
          await page
            .getByRole("navigation", { name: prefix ? "Principal, mobile" : "Main, mobile" })
            .getByRole("link", { name: prefix ? "Jeux" : "Play Games" })
            .click();
        } else {
          // The others have no link for visitors: the router's navigate asks for the page's data
          // at its data address all the same.
          await routerNavigate(page, target);
        }
        await expect(page).toHaveURL(
          (url) =>
            url.pathname === `${prefix}/login` && url.searchParams.get("redirectTo") === target,
        );

        await page.getByLabel(prefix ? "Courriel" : "Email").fill(player.email);
        await page.getByLabel(prefix ? "Mot de passe" : "Password").fill(password);
        await page
          .getByRole("button", { name: prefix ? "Se connecter" : "Log in", exact: true })
          .click();
        await page.getByRole("link", { name: prefix ? "Continuer" : "Continue" }).click();
        await expect(page).toHaveURL((url) => url.pathname === target);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        await expect(page.getByRole("heading", { name: NOT_FOUND })).toHaveCount(0);
      });
    }
  }
});
