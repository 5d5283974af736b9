import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { createTestHost } from "./test-host.server.ts";
import { startTestBucket, testStores } from "./test-storage.server.ts";

let database: DatabaseHandle;
let bucket: Awaited<ReturnType<typeof startTestBucket>>;

beforeAll(async () => {
  database = await createTestDatabase();
  bucket = await startTestBucket();
});

afterAll(async () => {
  await database.close();
  await bucket.stop();
});

describe.each(testStores(() => bucket))("/uploads/ from %s", (_kind, open) => {
  test("serves the pictures another host stored, cacheable for good; never a CV", async () => {
    const { storage: hostA, second } = open();
    const request = await createTestHost(database.db, { storage: second });
    for (const folder of ["avatars", "content"]) {
      const name = await hostA.save(folder, Buffer.from("picture"), "jpg");
      const response = await request(`/uploads/${folder}/${name}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/jpeg");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await response.text()).toBe("picture");
    }
    const cv = await hostA.save("cvs", Buffer.from("%PDF-1.7"), "pdf");
    expect((await request(`/uploads/cvs/${cv}`)).status).toBe(404);
    expect((await request(`/uploads/avatars/${cv}`)).status).toBe(404);
    expect((await request(`/uploads/content/${"0".repeat(32)}.jpg`)).status).toBe(404);
  });
});
