import { expect, test, watchBrowserErrors } from "./fixtures.ts";

test("the browser watch reports CSP violations, enforced and report-only, even when caught", async ({
  browser,
  baseURL,
}) => {
  const page = await browser.newPage();
  const errors = await watchBrowserErrors(page);
  for (const header of ["content-security-policy", "content-security-policy-report-only"]) {
    await page.route("**/csp-check", (route) =>
      route.fulfill({
        contentType: "text/html",
        headers: { [header]: "script-src 'nonce-check'" },
        // The way zod probes for eval: the error is caught, the violation still happens.
        body: `<script nonce="check">try { new Function("") } catch {}</script>`,
      }),
    );
    await page.goto(`${baseURL}/csp-check`);
    await page.unroute("**/csp-check");
  }
  await expect
    .poll(() => errors)
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Content Security Policy violation \(enforce\): script-src/),
        expect.stringMatching(/^Content Security Policy violation \(report\): script-src/),
        // Chromium's own message, which it gives only for report-only policies.
        expect.stringMatching(/The policy is report-only/),
      ]),
    );
  await page.close();
});

test("signIn makes a signed-in player with the points and quiz progress asked for", async ({
  page,
  signIn,
}) => {
  await signIn({ name: "Amira Haddad", points: 1250, completedSets: { math: 4, science: 20 } });
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Amira Haddad" })).toBeVisible();
  await expect(page.locator("dl > div").filter({ hasText: "Points" }).locator("dd")).toHaveText(
    "1,250",
  );
  for (const [category, percent] of Object.entries({ Math: "20", Science: "100", Alphabet: "0" })) {
    await expect(page.getByRole("progressbar", { name: category })).toHaveAttribute(
      "value",
      percent,
    );
  }
  await expect(page.getByText("Please confirm your email address")).toHaveCount(0);
});
