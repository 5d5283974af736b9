import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

/**
 * Whatever a page's loader cannot find or refuses answers with its status and the site's error
 * page, in the language of the address, with the shell around it and a way home.
 */
const LANGUAGES = [
  {
    lang: "en-CA",
    prefix: "",
    notFound: "Error 404!!!!",
    error: "Something went wrong",
    reason: "Some of the information sent is not valid.",
    home: "Go back home",
  },
  {
    lang: "fr-CA",
    prefix: "/fr",
    notFound: "Erreur 404\u202f!!!!",
    error: "Une erreur est survenue",
    reason: "Une partie des renseignements envoyés n’est pas valide.",
    home: "Retour à l’accueil",
  },
] as const;

const MISSING = [
  ["business", "/businesses/999999"],
  ["job", "/jobs/999999"],
  ["product", "/shop/999999"],
  ["blog post", "/blogs/no-such-post"],
  ["player", "/profile-view/no-such-player/s"],
] as const;

for (const { lang, prefix, notFound, error, reason, home } of LANGUAGES) {
  test.describe(lang, () => {
    test("a missing business, job, product, post and player are the 404 page", async ({
      page,
      signIn,
    }) => {
      // An adult: the shop is not for a child's account, whose product page is the 403 instead.
      await signIn({ age: 30 });
      for (const [what, path] of MISSING) {
        const response = await page.goto(`${prefix}${path}`);
        expect(response?.status(), what).toBe(404);
        await expect(page.locator("html"), what).toHaveAttribute("lang", lang);
        await expect(page.getByRole("heading", { level: 1 }), what).toHaveText(notFound);
      }
      await expectNoAxeViolations(page);
      await page.getByRole("main").getByRole("link", { name: home }).click();
      await expect(page).toHaveURL(prefix ? /\/fr$/ : /\/$/);
    });

    test("a page address its schema refuses is the error page with 400 and why", async ({
      page,
    }) => {
      const listing = await page.request.get("/api/businesses?limit=1");
      const [first] = ((await listing.json()) as { items: { id: number }[] }).items;
      expect(first).toBeDefined();
      const response = await page.goto(`${prefix}/businesses/${first?.id}?reviews=not-a-cursor`);
      expect(response?.status()).toBe(400);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(error);
      await expect(page.getByRole("main")).toContainText(reason);
      await expectNoAxeViolations(page);
    });
  });
}
