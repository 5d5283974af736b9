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

  test.each([false, true])(
    "a JPEG cut short with its end marker put back is refused (progressive: %s)",
    async (progressive) => {
      const jpeg = await sharp({
        create: {
          width: 256,
          height: 256,
          channels: 3,
          background: "black",
          noise: { type: "gaussian", mean: 128, sigma: 40 },
        },
      })
        .jpeg({ progressive })
        .toBuffer();
      const cut = Buffer.concat([
        jpeg.subarray(0, Math.floor(jpeg.length / 2)),
        Buffer.from([0xff, 0xd9]),
      ]);
      expect(await rejection(cut)).toBe("damaged");
    },
  );
});
