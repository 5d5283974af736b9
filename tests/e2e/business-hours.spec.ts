import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, frenchSpacingMistakes, test } from "./fixtures.ts";
import { businessIdOf } from "./players.ts";

// An owner sets the week to around the clock and today as a closed holiday; the business page
// says "Closed" today. No clock is fixed: the holiday is today in the listing's own zone
// (Newfoundland's half hour), so the server's real clock makes it closed (decision 0056).

const SLUG = "trad-pub-dory-dram-st-johns";
const NAME = "The Dory & Dram Pub";
const ZONE = "America/St_Johns";

/** Today's date in St. John's, as the site's server works it out. */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());

/** The whole page, and its hours section alone (the business page's) at a readable size. */
async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/hours-shots/${name}.png`, fullPage: true });
  const section = page.locator('section[aria-labelledby="opening-hours"]');
  if (await section.count())
    await section.screenshot({ path: `/tmp/hours-shots/${name}-section.png` });
}

test("an owner closes today as a holiday: the business page says Closed, in both languages, narrow and wide", async ({
  page,
  signIn,
}) => {
  const id = await businessIdOf(SLUG);
  await signIn({ age: 30, owns: [id] });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/businesses/${id}/manage/hours`);
  await expect(page.getByRole("heading", { name: "Opening hours" })).toBeVisible();
  await expect(page.getByLabel("Time zone")).toHaveValue(ZONE);
  await expectNoAxeViolations(page);
  await screenshot(page, "en-manage-1280");

  for (const day of [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
  ]) {
    await page.getByLabel(`${day}: opens (range 1)`).fill("00:00");
    await page.getByLabel(`${day}: closes (range 1)`).fill("00:00");
  }
  await page.getByLabel("Date").fill(today());
  await page.getByLabel("Label (optional)").fill("Regatta Day");
  await page.getByLabel("Closed that day").check();
  await page.getByRole("button", { name: "Save hours" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Hours saved." })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Regatta Day" })).toBeVisible();

  await page.goto(`/businesses/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NAME);
  await expect(page.getByText(/^Closed · opens tomorrow at 12:00\sa\.m\.$/)).toBeVisible();
  const hours = page.getByRole("table", { name: "Opening hours" });
  await expect(hours.getByRole("row", { name: /Monday Open 24 hours/ })).toBeVisible();
  await expect(page.getByText(/\(Regatta Day\) · Closed/)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "en-business-1280");

  // French, on a phone: the same day closed, then the holiday removed and it is open again.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/fr/businesses/${id}`);
  await expect(page.getByText(/^Fermé · ouvre demain à 0\sh$/)).toBeVisible();
  await expect(page.getByText(/\(Regatta Day\) · Fermé/)).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await frenchSpacingMistakes(page)).toEqual([]);
  await screenshot(page, "fr-business-375");

  await page.goto(`/fr/businesses/${id}/manage/hours`);
  await expect(page.getByRole("heading", { name: "Heures d’ouverture" })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await frenchSpacingMistakes(page)).toEqual([]);
  await screenshot(page, "fr-manage-375");
  await page.getByRole("checkbox", { name: /Retirer/ }).check();
  await page.getByRole("button", { name: "Enregistrer les heures" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Heures enregistrées." })).toBeVisible();
  await expect(page.getByText("Aucun jour particulier à venir.")).toBeVisible();

  await page.goto(`/fr/businesses/${id}`);
  await expect(page.getByText("Ouvert 24 heures sur 24").first()).toBeVisible();
});

test("a refused hours form says why beside the field, without losing what was typed", async ({
  page,
  signIn,
}) => {
  const id = await businessIdOf(SLUG);
  await signIn({ age: 30, owns: [id] });
  await page.goto(`/businesses/${id}/manage/hours`);
  await page.getByLabel("Monday: opens (range 1)").fill("09:00");
  await page.getByLabel("Monday: closes (range 1)").fill("17:00");
  await page.getByLabel("Monday: opens (range 2)").fill("12:00");
  await page.getByLabel("Monday: closes (range 2)").fill("20:00");
  await page.getByRole("button", { name: "Save hours" }).click();
  const second = page.getByLabel("Monday: opens (range 2)");
  await expect(second).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("This range overlaps another one on the same day.")).toBeVisible();
  await expect(second).toHaveValue("12:00");
  await expect(second).toBeFocused();
  await expectNoAxeViolations(page);
});
