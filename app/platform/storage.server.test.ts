import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createS3Storage, PUBLIC_FOLDERS } from "./storage.server.ts";
import { startTestBucket, testStores } from "./test-storage.server.ts";

let bucket: Awaited<ReturnType<typeof startTestBucket>>;
beforeAll(async () => {
  bucket = await startTestBucket();
});
afterAll(() => bucket.stop());

describe.each(testStores(() => bucket))("%s", (_kind, open) => {
  test("saves, reads back, lists and removes the files it gave out", async () => {
    const { storage, second } = open();
    const before = Date.now() - 2000;
    const name = await storage.save("avatars", Buffer.from("picture"), "jpg");
    expect(name).toMatch(/^[a-f0-9]{32}\.jpg$/);
    expect((await second.read("avatars", name))?.toString()).toBe("picture");
    const listed = (await second.list("avatars")).filter((file) => file.name === name);
    expect(listed).toHaveLength(1);
    expect(listed[0]?.modified.getTime()).toBeGreaterThan(before);
    expect(listed[0]?.modified.getTime()).toBeLessThan(Date.now() + 2000);
    await second.remove("avatars", name);
    expect(await storage.read("avatars", name)).toBeNull();
    expect((await storage.list("avatars")).map((file) => file.name)).not.toContain(name);
    // Removing what is gone already is no error: two sweeps may meet.
    await storage.remove("avatars", name);
  });

  test("folders keep their files apart; a missing file or folder reads as nothing", async () => {
    const { storage } = open();
    const cv = await storage.save("cvs", Buffer.from("%PDF-1.7"), "pdf");
    expect(await storage.read("avatars", cv)).toBeNull();
    expect((await storage.list("content")).map((file) => file.name)).not.toContain(cv);
    expect(await storage.read("cvs", "0123456789abcdef0123456789abcdef.pdf")).toBeNull();
    expect(await storage.read("cvs", cv)).toEqual(Buffer.from("%PDF-1.7"));
  });

  test("names and folders it never gave out are refused without touching the store", async () => {
    const { storage } = open();
    const name = await storage.save("avatars", Buffer.from("picture"), "jpg");
    expect(await storage.read("avatars", `../avatars/${name}`)).toBeNull();
    expect(await storage.read("secrets", name)).toBeNull();
    expect(await storage.list("secrets")).toEqual([]);
    await expect(storage.save("secrets", Buffer.from("x"), "jpg")).rejects.toThrow(/secrets/);
    await storage.remove("avatars", `${name}/..`);
    expect(await storage.read("avatars", name)).not.toBeNull();
  });
});

test("a bucket's times are this host's, however the bucket's clock differs", async () => {
  const storage = createS3Storage(bucket.settings);
  const name = await storage.save("content", Buffer.from("picture"), "jpg");
  // This host's clock an hour ahead of the bucket's: the file is still new, not an hour old.
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 60 * 60 * 1000 });
  try {
    const written = (await storage.list("content")).find((file) => file.name === name);
    expect(Date.now() - (written?.modified.getTime() ?? 0)).toBeLessThan(60 * 1000);
  } finally {
    vi.useRealTimers();
  }
});

test("in a bucket a private file is stored as a download, a picture as an image", async () => {
  const storage = createS3Storage(bucket.settings);
  const { bucket: Bucket, ...settings } = bucket.settings;
  const client = new S3Client(settings);
  const cv = await storage.save("cvs", Buffer.from("%PDF-1.7"), "pdf");
  const picture = await storage.save("avatars", Buffer.from("picture"), "jpg");
  const cvHead = await client.send(new HeadObjectCommand({ Bucket, Key: `cvs/${cv}` }));
  expect(cvHead.ContentDisposition).toBe("attachment");
  expect(cvHead.ContentType).toBe("application/pdf");
  const pictureHead = await client.send(
    new HeadObjectCommand({ Bucket, Key: `avatars/${picture}` }),
  );
  expect(pictureHead.ContentDisposition).toBeUndefined();
  expect(pictureHead.ContentType).toBe("image/jpeg");
});

test("only pictures are public: CVs are never served by address", () => {
  expect(PUBLIC_FOLDERS).toEqual(["avatars", "content"]);
});
