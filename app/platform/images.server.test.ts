import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { ImageRejected, processAvatar } from "./images.server.ts";

const photo = (width: number, height: number, format: "jpeg" | "png" | "webp" = "jpeg") =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .withExif({ IFD0: { Copyright: "Secret Street 12", ImageDescription: "GPS 45.5,-73.5" } })
    [format]()
    .toBuffer();

/** A real PNG header claiming any size, with a tiny body: no need to encode 400 million pixels. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

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
