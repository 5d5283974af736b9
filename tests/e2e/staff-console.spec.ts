import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, frenchSpacingMistakes, test } from "./fixtures.ts";
import { connectToSite, createSignedInPlayer } from "./players.ts";
import { grantFromCommandLine, totpCode, turnOnTwoFactor } from "./staff.ts";

const SCREENSHOTS = ".data/screenshots";

/** Axe, French spacing, and full-page screenshots at 1280 and 375 px; back to 1280 after. */
async function lookAt(page: Page, name: string) {
  await expectNoAxeViolations(page);
  if (name.startsWith("fr-")) expect(await frenchSpacingMistakes(page)).toEqual([]);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/staff-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a player gets the site's 404 at /staff and /fr/staff", async ({ page, signIn }) => {
  await signIn();
  for (const [path, heading] of [
    ["/staff", "Error 404!!!!"],
    ["/fr/staff", "Erreur 404\u202f!!!!"],
    ["/staff/audit", "Error 404!!!!"],
  ] as const) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
  // No link to the console for a player.
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Console" })).toHaveCount(0);
});

test("granted from the command line, an admin turns on two-factor, signs in with a code, grants a moderator, and reads the audit trail", async ({
  page,
  signIn,
}) => {
  // One long story, with axe and screenshots on every page: more than the default minute.
  test.setTimeout(300_000);
  const password = "tamarack-lake-2026";
  const admin = await signIn({ name: "Ada Admin", password, age: 34 });
  expect(await grantFromCommandLine(admin.email, "admin")).toBe(
    `${admin.email} is now admin (was player).`,
  );

  // The console opens only after two-factor sign-in is on.
  await page.goto("/staff");
  await expect(page).toHaveURL(/\/staff\/two-factor$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Turn on two-factor sign-in");
  await lookAt(page, "en-two-factor");
  await page.locator('input[name="password"]').fill("not-my-password");
  await page.locator('input[name="password"]').press("Enter");
  await expect(page.getByText("That password is not right.").first()).toBeVisible();
  const { key, recoveryCodes } = await turnOnTwoFactor(page, password);
  await expect(page.getByText("Two-factor sign-in is on.")).toBeVisible();
  await lookAt(page, "en-recovery-codes");
  // Shown once: the page again has no codes.
  await page.reload();
  await expect(page.getByText("Two-factor sign-in is on.")).toBeVisible();
  await expect(page.getByText(recoveryCodes[0] ?? "")).toHaveCount(0);
  await page.getByRole("link", { name: "Go to the queue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Waiting on a person");
  await expect(page.getByRole("link", { name: "Console" })).toBeVisible();
  await lookAt(page, "en-queue");
  // The console sends no script (decision 0077): its forms and links work without one.
  await expect(page.locator("script")).toHaveCount(0);

  // Signing in again asks for the code, with a clear message for a wrong one.
  await page.context().clearCookies();
  await page.goto("/login?redirectTo=/staff");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/login\/two-factor\?redirectTo=%2Fstaff$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two-step sign-in");
  await page.getByLabel("Code", { exact: true }).fill("000000");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("That code is not right.").first()).toBeVisible();
  await lookAt(page, "en-login-code");
  await page.getByLabel("Code", { exact: true }).fill(totpCode(key));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Waiting on a person");

  // An admin grants a moderator by e-mail.
  const db = connectToSite();
  const { player: moderator } = await createSignedInPlayer(db, { name: "Maude Moderator" });
  await db.end();
  await page.getByRole("link", { name: "Staff", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Staff members");
  await page.getByLabel("Email or handle").fill(moderator.email);
  await page.getByRole("button", { name: "Grant" }).click();
  await expect(page.getByRole("status")).toHaveText("Maude Moderator is now moderator.");
  await expect(page.getByRole("row", { name: /Maude Moderator/ })).toContainText("moderator");
  await lookAt(page, "en-staff");

  // The audit trail has both changes: the command line's and the admin's.
  await page.getByRole("link", { name: "Audit trail" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audit trail");
  const rows = page.getByRole("listitem").filter({ hasText: "staff.grant" });
  // Other specs grant from the command line too: this admin's row is the one naming them.
  await expect(
    rows.filter({ hasText: "command line" }).filter({ hasText: admin.id }),
  ).toContainText("role: player → admin");
  await expect(rows.filter({ hasText: "Ada Admin" })).toContainText("role: player → moderator");
  await lookAt(page, "en-audit");
  await page.getByLabel("Action").fill("staff.grant");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=staff\.grant/);
  // Only grants are left (other specs add theirs), this admin's two among them.
  await expect(rows.filter({ hasText: admin.id })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Ada Admin" })).toHaveCount(1);
  const shown = page.getByRole("listitem").filter({ hasText: "Time (UTC)" });
  expect(await shown.count()).toBe(await rows.count());

  // The same console in French.
  for (const [path, heading, name] of [
    ["/fr/staff", "En attente d’une personne", "fr-queue"],
    ["/fr/staff/staff", "Membres du personnel", "fr-staff"],
    // Grants only: other specs' rows may hold anything.
    ["/fr/staff/audit?action=staff.grant", "Journal d’audit", "fr-audit"],
    ["/fr/staff/two-factor", "Activer la connexion en deux étapes", "fr-two-factor"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await lookAt(page, name);
  }
  // What people wrote is marked as of no known language, so it is not read with French sounds.
  await page.goto("/fr/staff/audit?action=staff.grant");
  await expect(page.locator('dd span[lang=""]').first()).toHaveText(/\S/);
});
