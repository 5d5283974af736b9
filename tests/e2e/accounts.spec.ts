import { GOOGLE_PLAYER } from "../support/oidc-server.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { lastMailTo } from "./mail-server.ts";

const password = "loon-lake-canoe-7";

async function register(
  page: import("@playwright/test").Page,
  name: string,
  email: string,
  path = "/register",
) {
  await page.goto(path);
  const form = page.locator("main form").first();
  await form.getByLabel(/Username|Nom d’utilisateur/).fill(name);
  await form.getByLabel(/^(Email|Courriel)$/).fill(email);
  await form.getByLabel(/^(Age|Âge)$/).fill("10");
  // Under 14, a parent's address (decision 0064).
  await form
    .getByLabel(/^(Parent’s or guardian’s email|Courriel d’un parent ou tuteur)$/)
    .fill(`parent.${email}`);
  await form.getByLabel(/^(Password|Mot de passe)$/).fill(password);
  await form.getByLabel(/^(Confirm password|Confirmer le mot de passe)$/).fill(password);
  await form.getByRole("button", { name: /Sign up|S’inscrire/ }).click();
}

/** Opens the confirmation link of the last message to `email`, as the player would. */
async function confirmFromMail(page: import("@playwright/test").Page, email: string) {
  await expect.poll(() => lastMailTo(email)).toContain("verify-email");
  const mail = lastMailTo(email) ?? "";
  const link = /http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?[^\s"<]+/.exec(mail)?.[0] ?? "";
  await page.goto(link.replaceAll("&amp;", "&"));
  return mail;
}

test("register, confirm the address from the e-mail, log out, be sent to login from the profile and come back", async ({
  page,
}) => {
  const email = `maya.${Date.now()}@example.com`;
  await register(page, "Maya Tremblay", email);
  // Nobody is signed in before the address is confirmed; the page says what to do.
  await expect(page.getByRole("status")).toContainText(`We have sent a link to ${email}`);
  await expectNoAxeViolations(page);
  await expect(page.getByRole("link", { name: "My profile" })).toHaveCount(0);

  const mail = await confirmFromMail(page, email);
  expect(mail).toContain("Subject: Confirm your email address for Nearby");
  await expect(page).toHaveURL(/\/\?notice=email-verified$|\/$/);
  await expect(page.getByText("Your email address is confirmed. Welcome!")).toBeVisible();
  const myProfile = page.getByRole("link", { name: "My profile" });
  await myProfile.click();
  await expect(page.getByRole("heading", { level: 1, name: "Maya Tremblay" })).toBeVisible();
  await expect(page.getByText("Newbie Player")).toBeVisible();
  await expect(page.getByText("Please confirm your email address")).toHaveCount(0);
  await expect(page.getByRole("progressbar", { name: "Math" })).toHaveAttribute("value", "0");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Log out" }).click();
  const dialog = page.getByRole("dialog", { name: "Do you want to log out?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Yes, log out" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Logout successful!" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Log in", exact: true })).toBeVisible();

  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
  await expectNoAxeViolations(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Login successful." })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 5000 });
  await expect(page.getByRole("heading", { level: 1, name: "Maya Tremblay" })).toBeVisible();
});

test("sign-up checks come in SPEC.md's order; a wrong password gets one message for both fields", async ({
  page,
}) => {
  await page.goto("/register");
  await expectNoAxeViolations(page);
  const form = page.locator("main form").first();
  await form.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("alert")).toHaveText("Username must be at least 3 characters long.");
  await form.getByLabel("Username").fill("Sam");
  await form.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("alert")).toHaveText("Age is required.");
  await form.getByLabel("Age").fill("9");
  await form.getByLabel("Password", { exact: true }).fill("short");
  await form.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("alert")).toHaveText("Password must be at least 8 characters long.");

  await page.getByRole("link", { name: "Log in", exact: true }).last().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Email or password does not match.");
  await expectNoAxeViolations(page);
});

test("the whole sign-up in French, with the mail in French", async ({ page }) => {
  const email = `eloise.${Date.now()}@example.com`;
  await page.goto("/fr/register");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inscription");
  await page.locator("main form").first().getByRole("button", { name: "S’inscrire" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Le nom d’utilisateur doit compter au moins 3 caractères.",
  );
  await expectNoAxeViolations(page);
  await register(page, "Éloïse Gagnon", email, "/fr/register");
  await expect(page.getByRole("status")).toContainText(`Nous avons envoyé un lien à ${email}`);
  const mail = await confirmFromMail(page, email);
  expect(mail).toContain("Confirmez votre adresse courriel pour Nearby");
  await expect(page).toHaveURL(/\/fr(\?notice=email-verified)?$/);
  await expect(page.getByText("Votre adresse courriel est confirmée. Bienvenue")).toBeVisible();
  await page.getByRole("link", { name: "Mon profil" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Éloïse Gagnon" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Mathématiques" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("signing up with an address that has an account looks the same, and mails its owner", async ({
  page,
}) => {
  const email = `twice.${Date.now()}@example.com`;
  await register(page, "First Owner", email);
  await confirmFromMail(page, email);
  await page.context().clearCookies();
  await register(page, "Someone Else", email);
  await expect(page.getByRole("status")).toContainText(`We have sent a link to ${email}`);
  await expect.poll(() => lastMailTo(email)).toContain("You already have a Nearby account");
});

test("a signed-in player who opens login or register goes home", async ({ page, signIn }) => {
  await signIn();
  await page.goto("/login");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/register");
  await expect(page).toHaveURL(/\/$/);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("Account goes to login, then to the profile once signed in", async ({ page, signIn }) => {
    await page.goto("/");
    const bar = page.getByRole("navigation", { name: "Main, mobile" });
    await bar.getByRole("link", { name: "Account" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn();
    await page.goto("/");
    await bar.getByRole("link", { name: "Account" }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test("Edit Profile fits the screen; Cancel and Escape give the focus back to its button", async ({
    page,
    signIn,
  }) => {
    await signIn({ name: "Kai Wong" });
    await page.goto("/profile");
    const open = page.getByRole("link", { name: "Edit Profile" });
    const dialog = page.getByRole("dialog", { name: "Edit your profile" });
    for (const close of [
      () => dialog.getByRole("button", { name: "Cancel" }).click(),
      () => page.keyboard.press("Escape"),
    ]) {
      await open.click();
      await expect(dialog).toBeVisible();
      const fits = await dialog.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return {
          inside: box.left >= 0 && box.right <= window.innerWidth,
          clipped: element.scrollWidth > element.clientWidth,
        };
      });
      expect(fits).toEqual({ inside: true, clipped: false });
      await close();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(/\/profile$/);
      await expect(open).toBeFocused();
    }
  });
});

test("a picture over 5 MB is refused, and saving then saves nothing", async ({ page, signIn }) => {
  await signIn({ name: "Ada Chen" });
  await page.goto("/profile");
  await page.getByRole("link", { name: "Edit Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit your profile" });
  const refused = "Image upload failed: the picture must be at most 5 MB.";
  await dialog.getByLabel("Picture").setInputFiles({
    name: "huge.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(dialog.getByRole("alert")).toHaveText(refused);
  await dialog.getByLabel("Name").fill("Ada C.");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(refused);
  await expect(dialog.getByLabel("Picture")).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "saved" })).toHaveCount(0);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Ada Chen" })).toBeVisible();
});

test("edit the name and picture, change settings, then delete the account", async ({
  page,
  signIn,
}) => {
  const sharp = (await import("sharp")).default;
  const picture = await sharp({
    create: { width: 640, height: 480, channels: 3, background: "#f97360" },
  })
    .png()
    .toBuffer();
  await signIn({ name: "Liam Okafor" });
  await page.goto("/profile");

  await page.getByRole("link", { name: "Edit Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit your profile" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);

  await dialog.getByLabel("Name").fill("");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("No profile image or name provided.");

  await dialog.getByLabel("Picture").setInputFiles({
    name: "cv.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("%PDF-1.4 not a picture"),
  });
  await dialog.getByLabel("Name").fill("Liam O.");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Image upload failed: the file must be a JPEG, PNG or WebP picture.",
  );

  await dialog
    .getByLabel("Picture")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: picture });
  await expect(dialog.getByRole("img", { name: "Preview of your new picture" })).toBeVisible();
  await dialog.getByLabel("Name").fill("Liam O.");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your profile has been saved." }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Liam O." })).toBeVisible();
  await expect(page.getByRole("img", { name: "Profile picture of Liam O." })).toHaveAttribute(
    "src",
    /^\/uploads\/avatars\/[a-f0-9]{32}\.jpg$/,
  );

  await page.getByLabel("No timer").check();
  await page.getByRole("combobox", { name: "Language" }).selectOption("fr-CA");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page).toHaveURL(/\/fr\/profile/);
  await expect(
    page.getByRole("status").filter({ hasText: "Tes paramètres ont été enregistrés." }),
  ).toBeVisible();
  await expect(page.getByLabel("Sans minuterie")).toBeChecked();

  await page.getByLabel("Je comprends que mon compte sera supprimé pour de bon.").check();
  await page.getByRole("button", { name: "Supprimer mon compte" }).click();
  await expect(page).toHaveURL(/\/fr(\?|$)/);
  await expect(
    page.getByRole("status").filter({ hasText: "Ton compte a été supprimé." }),
  ).toBeVisible();
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
});

test("Sign in with Google goes through the (local) OpenID provider and back, signed in", async ({
  page,
}) => {
  await page.goto("/login?redirectTo=%2Fprofile");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { level: 1, name: GOOGLE_PLAYER.name })).toBeVisible();
  await expect(page.getByText("Please confirm your email address")).toHaveCount(0);
});

test("forgot password: the mailed link leads to a page that sets a new one", async ({ page }) => {
  const email = `reset.${Date.now()}@example.com`;
  await register(page, "Rosa Diaz", email);
  await confirmFromMail(page, email);
  await page.goto("/profile");
  await page.getByRole("button", { name: "Log out" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes, log out" }).click();
  await expect(page.getByRole("link", { name: "Log in", exact: true })).toBeVisible();

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expectNoAxeViolations(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "If an account uses this address" }),
  ).toBeVisible();

  await expect.poll(() => lastMailTo(email)).toContain("Choose a new Nearby password");
  const link =
    /http:\/\/127\.0\.0\.1:\d+\/api\/auth\/reset-password\/[^\s"<]+/.exec(
      lastMailTo(email) ?? "",
    )?.[0] ?? "";
  await page.goto(link.replaceAll("&amp;", "&"));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expectNoAxeViolations(page);
  await page.getByLabel("Password", { exact: true }).fill("brand-new-password-5");
  await page.getByLabel("Confirm password").fill("brand-new-password-5");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password has been changed");

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("brand-new-password-5");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Login successful." })).toBeVisible();
});
