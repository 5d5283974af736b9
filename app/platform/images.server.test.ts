import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { ImageRejected, processAvatar } from "./images.server.ts";
import { testPhoto as photo, pngClaiming } from "./test-images.ts";

const rejection = (bytes: Uint8Array) =>
  processAvatar(bytes).then(
    () => "accepted",
    (error: unknown) => (error instanceof ImageRejected ? error.problem : `unexpected: ${error}`),
  );

describe("processAvatar", () => {
  test.each(["jpeg", "png", "webp"] as const)(
    "a %s becomes a centred 512 px square JPEG without metadata",
    async (format) => {
      const output = await processAvatar(await photo(900, 600, format));
      const info = await sharp(output).metadata();
      expect(info).toMatchObject({ format: "jpeg", width: 512, height: 512 });
      expect(info.exif).toBeUndefined();
      expect(output.includes(Buffer.from("Secret Street"))).toBe(false);
    },
  );

  test("a PDF named .jpg is not a picture", async () => {
    expect(
      await rejection(Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF")),
    ).toBe("not_an_image");
  });

  test("a JPEG with a script appended is refused", async () => {
    const jpeg = await photo(64, 64);
    expect(await rejection(Buffer.concat([jpeg, Buffer.from("<script>alert(1)</script>")]))).toBe(
      "damaged",
    );
  });

  test("a 20,000 × 20,000 pixel PNG is refused before it is decoded", async () => {
    expect(await rejection(pngClaiming(20_000, 20_000))).toBe("too_many_pixels");
  });

  test("a file over 5 MB is refused", async () => {
    const big = Buffer.concat([await photo(64, 64), Buffer.alloc(6 * 1024 * 1024)]);
    expect(await rejection(big)).toBe("too_large");
  });

  test("a picture cut short is refused", async () => {
    const jpeg = await photo(64, 64);
    expect(await rejection(jpeg.subarray(0, jpeg.length - 40))).toBe("damaged");
  });
});
