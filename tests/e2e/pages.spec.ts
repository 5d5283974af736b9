import type { Page } from "@playwright/test";
import { SITE_PAGES } from "../../app/site-pages/slugs.ts";
import { expect, expectNoAxeViolations, frenchSpacingMistakes, test } from "./fixtures.ts";

/** The address of a page in English ("") or French ("/fr"). */
const inLanguage = (prefix: "" | "/fr", path: string) =>
  prefix && path === "/" ? prefix : `${prefix}${path}`;

/**
 * axe in both languages and, in French, the punctuation spacing of everything the page shows
 * and of its title. `open` brings the page to the state to check.
 */
async function checkBothLanguages(
  page: Page,
  path: string,
  open: (page: Page) => Promise<void> = async () => {},
) {
  for (const prefix of ["", "/fr"] as const) {
    await page.goto(inLanguage(prefix, path));
    await expect(page.locator("html")).toHaveAttribute("lang", prefix ? "fr-CA" : "en-CA");
    await open(page);
    await expectNoAxeViolations(page);
    if (prefix) {
      expect(await frenchSpacingMistakes(page)).toEqual([]);
    }
  }
}

/** Holds back the requests that match `pattern` until the returned function is called. */
async function holdBack(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe("every page passes axe in English and in French", () => {
  const visitorPages = [
    "/",
    "/businesses",
    "/businesses?title=zzzzzz&location=&category=",
    "/login",
    "/register",
    "/forgot-password",
    "/reset-password?token=not-a-real-token",
    "/reset-password?error=INVALID_TOKEN",
    ...SITE_PAGES.map((slug) => `/${slug}`),
    "/no/such/page",
  ];
  for (const path of visitorPages) {
    test(path, async ({ page }) => {
      await checkBothLanguages(page, path);
    });
  }

  test("a business page", async ({ page, request }) => {
    const found = await request.get("/api/businesses?title=lakshmi");
    const { items } = (await found.json()) as { items: { id: number }[] };
    // An empty answer would check /businesses/undefined: a 404 page, which passes axe too.
    expect(items.length).toBeGreaterThan(0);
    await checkBothLanguages(page, `/businesses/${items[0]?.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/Lakshmi/i);
  });

  test.describe("signed in, yet to confirm the address", () => {
    test.beforeEach(async ({ signIn }) => {
      await signIn({ name: "Zoé Laval", emailVerified: false });
    });

    test("home", async ({ page }) => {
      await checkBothLanguages(page, "/");
    });

    test("the profile", async ({ page }) => {
      await checkBothLanguages(page, "/profile", async () => {
        await expect(page.getByRole("region", { name: /email|courriel/ })).toBeVisible();
      });
    });

    test("the Edit Profile dialog", async ({ page }) => {
      await checkBothLanguages(page, "/profile?edit", async () => {
        await expect(page.getByRole("dialog")).toBeVisible();
      });
    });

    test("the logout question", async ({ page }) => {
      await checkBothLanguages(page, "/profile", async () => {
        await page.getByRole("button", { name: /^(Log out|Déconnexion)$/ }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
      });
    });
  });

  test("the API page (English only)", async ({ page }) => {
    await page.goto("/api/docs");
    await expectNoAxeViolations(page);
  });
});

test("a notice shows for 5 s, then leaves the address; going elsewhere meanwhile is not undone", async ({
  page,
}) => {
  // Paused: the page's time moves only when the test moves it, however slow the machine.
  await page.clock.install({ time: new Date("2026-11-20T12:00:00Z") });
  await page.clock.pauseAt(new Date("2026-11-20T12:01:00Z"));
  await page.goto("/?notice=signed-out");
  const toast = page.getByRole("status").filter({ hasText: "Logout successful!" });
  await expect(toast).toBeVisible();
  // The 5 s start once the page's script runs: let it load before the clock moves.
  await page.waitForLoadState("networkidle");
  await page.clock.runFor(4_000);
  await expect(toast).toBeVisible();
  await page.clock.runFor(1_100);
  await expect(toast).toBeHidden();
  await expect(page).toHaveURL(/\/$/);

  // The page a visitor leaves for is where they stay, whenever the notice's time runs out.
  await page.goto("/?notice=signed-out");
  await expect(toast).toBeVisible();
  await page.waitForLoadState("networkidle");
  // The next page's data is held back, so the notice's time runs out mid-way.
  const release = await holdBack(page, "**/businesses.data*");
  await page.clock.runFor(4_900);
  await expect(page).toHaveURL(/\?notice=signed-out$/);
  await page.getByRole("navigation").first().getByRole("link", { name: "Businesses" }).click();
  await page.clock.runFor(1_000);
  release();
  await expect(page).toHaveURL(/\/businesses$/);
  await page.clock.runFor(6_000);
  await expect(page).toHaveURL(/\/businesses$/);

  // A click may start a navigation the page shows only a moment later, and replacing the address
  // in that moment would cancel it (a review being saved was lost so): the notice leaves only a
  // second after the last click.
  await page.goto("/?notice=signed-out");
  await expect(toast).toBeVisible();
  await page.waitForLoadState("networkidle");
  for (let clicks = 0; clicks < 20; clicks += 1) {
    await page.getByRole("heading", { level: 1 }).click();
    await page.clock.runFor(400);
  }
  await expect(toast).toBeVisible();
  await expect(page).toHaveURL(/\?notice=signed-out$/);
  await page.clock.runFor(1_100);
  await expect(toast).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
});

test("while the next page loads, the pending bar shows and the page still passes axe", async ({
  page,
}) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const release = await holdBack(page, "**/businesses.data*");
    const bar = page.getByRole("progressbar", { name: "Loading" });
    await page.getByRole("link", { name: "Businesses" }).filter({ visible: true }).first().click();
    await expect(bar).toBeVisible();
    await expect(bar).toBeInViewport();
    await expectNoAxeViolations(page);
    release();
    await expect(page).toHaveURL(/\/businesses$/);
    await expect(bar).toBeHidden();
    await page.unrouteAll();
  }
});
