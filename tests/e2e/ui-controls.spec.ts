import type { Page } from "@playwright/test";
import { testPdf } from "../../app/platform/test-pdfs.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

/** WCAG's contrast ratio of two "rgb(r, g, b)" colours. */
function contrast(one: string, other: string): number {
  const luminance = (colour: string) => {
    const [r = 0, g = 0, b = 0] = (colour.match(/\d+(\.\d+)?/g) ?? []).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** The backgrounds a focus ring sits on: the page, the tinted panels and the dark notice. */
const BACKGROUNDS = [
  "rgb(255, 255, 255)",
  "rgb(248, 250, 252)",
  "rgb(240, 253, 250)",
  "rgb(204, 251, 241)",
  "rgb(15, 23, 42)",
];
/** red-800 and red-50, the error state's text and background. */
const ERROR_COLOURS = ["rgb(153, 27, 27)", "rgb(254, 242, 242)", "rgb(249, 115, 96)"];

test("the focus ring is no error colour and stands out 3:1 on every background", async ({
  page,
}) => {
  await page.goto("/fr/shop");
  await page.keyboard.press("Tab");
  const focused = page.locator(":focus-visible");
  await expect(focused).toHaveCount(1);
  const outline = await focused.evaluate((element) => {
    const style = getComputedStyle(element);
    return { colour: style.outlineColor, style: style.outlineStyle, width: style.outlineWidth };
  });
  expect(outline).toMatchObject({ style: "solid", width: "3px" });
  expect(ERROR_COLOURS).not.toContain(outline.colour);
  for (const background of BACKGROUNDS)
    expect(contrast(outline.colour, background), background).toBeGreaterThanOrEqual(3);
});

test("a card reached with the keyboard shows the focus ring round the whole card", async ({
  page,
}) => {
  for (const path of ["/shop", "/fr/jobs", "/businesses", "/fr/blogs"]) {
    await page.goto(path);
    const link = page.getByRole("article").first().getByRole("heading").getByRole("link");
    await link.focus();
    await expect(link).toBeFocused();
    const ring = await link.evaluate((element) => {
      const style = getComputedStyle(element, "::after");
      const card = (element.closest("article") as HTMLElement).getBoundingClientRect();
      return {
        outline: `${style.outlineStyle} ${style.outlineWidth}`,
        coversCard: style.position === "absolute" && card.height > 0,
      };
    });
    expect(ring, path).toEqual({ outline: "solid 3px", coversCard: true });
  }
});

/** The accent colour of every radio button on the page. */
const radioColours = (page: Page) =>
  page
    .locator('input[type="radio"]')
    .evaluateAll((radios) => radios.map((radio) => getComputedStyle(radio).accentColor));

test("radio buttons are one colour in the pricing form, the profile settings and elsewhere", async ({
  page,
  signIn,
}) => {
  const brand = "rgb(15, 118, 110)";
  await page.goto("/fr/pricing");
  await page.getByRole("link", { name: /^Choisir ce forfait\s*, Premium$/ }).click();
  await expect(page.getByRole("dialog", { name: "Demander un forfait" })).toBeVisible();
  const pricing = await radioColours(page);
  expect(pricing.length).toBeGreaterThan(0);
  expect(new Set(pricing)).toEqual(new Set([brand]));

  await signIn({ name: "Rae Radio" });
  await page.goto("/fr/profile");
  const profile = await radioColours(page);
  expect(profile.length).toBeGreaterThan(0);
  expect(new Set(profile)).toEqual(new Set([brand]));
});

const PICKERS = {
  en: {
    prefix: "",
    edit: "Edit Profile",
    picture: "Picture",
    choose: "Choose a file",
    none: "No file chosen",
  },
  fr: {
    prefix: "/fr",
    edit: "Modifier le profil",
    picture: "Photo",
    choose: "Choisir un fichier",
    none: "Aucun fichier choisi",
  },
} as const;

for (const [language, text] of Object.entries(PICKERS)) {
  test(`${language}: the picture's file picker speaks the page's language and shows the file chosen`, async ({
    page,
    signIn,
  }) => {
    await signIn({ name: `Pia ${language}` });
    await page.goto(`${text.prefix}/profile`);
    await page.getByRole("link", { name: text.edit }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText(text.choose, { exact: true })).toBeVisible();
    await expect(dialog.getByText(text.none, { exact: true })).toBeVisible();
    const input = dialog.getByLabel(text.picture);
    // Hidden from sight, not from the keyboard.
    await input.focus();
    await expect(input).toBeFocused();
    await input.setInputFiles({
      name: "moi.png",
      mimeType: "image/png",
      buffer: Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
        "base64",
      ),
    });
    await expect(dialog.getByText("moi.png", { exact: true })).toBeVisible();
    await expect(dialog.getByText(text.none, { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`picker-${language}.png`) });
  });
}

test("fr: the CV's file picker says « Choisir un fichier » and shows the file chosen", async ({
  page,
}) => {
  await page.goto("/fr/jobs");
  await page.getByRole("article").first().getByRole("link").first().click();
  await page.getByRole("link", { name: "Postuler" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Choisir un fichier", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Aucun fichier choisi", { exact: true })).toBeVisible();
  await dialog.getByLabel("CV (PDF)").setInputFiles({
    name: "mon-cv.pdf",
    mimeType: "application/pdf",
    buffer: testPdf(),
  });
  await expect(dialog.getByText("mon-cv.pdf", { exact: true })).toBeVisible();
  // A file refused empties the input: the name goes with it.
  await dialog.getByLabel("CV (PDF)").setInputFiles({
    name: "photo.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex"),
  });
  await expect(dialog.getByRole("alert")).toBeVisible();
  await expect(dialog.getByText("Aucun fichier choisi", { exact: true })).toBeVisible();
});
