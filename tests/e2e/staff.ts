import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, type Page } from "@playwright/test";
import { totpCode } from "../support/totp.ts";
import { E2E_DATA_DIR } from "./players.ts";

export { totpCode };

/**
 * `npm run staff:grant -- --email E --role R`, the real script, against the site under test's
 * database (its embedded PostgreSQL, reached while the site runs); returns what it printed.
 */
export async function grantFromCommandLine(
  email: string,
  role: "admin" | "moderator" | "none",
): Promise<string> {
  const { DATABASE_URL: _, BASE_URL: __, ...env } = process.env;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["scripts/staff-grant.ts", "--email", email, "--role", role],
    { env: { ...env, DATA_DIR: E2E_DATA_DIR } },
  );
  return stdout.trim();
}

/**
 * Turns on two-factor sign-in on the console's set-up page, where `requireStaff` sends a member
 * without it (the page must be open, in either language): the password makes a key, the code an
 * app would show for it turns it on. Returns the key and the recovery codes shown once.
 */
export async function turnOnTwoFactor(
  page: Page,
  password: string,
): Promise<{ key: string; recoveryCodes: string[] }> {
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="password"]').press("Enter");
  const key = (await page.getByTestId("totp-key").textContent())?.trim() ?? "";
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  await page.locator('input[name="code"]').fill(totpCode(key));
  await page.locator('input[name="code"]').press("Enter");
  const codes = page
    .locator("ul[aria-label] li")
    .filter({ hasText: /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/ });
  await expect(codes).toHaveCount(10);
  return { key, recoveryCodes: await codes.allTextContents() };
}
