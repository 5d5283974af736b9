import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { createLocalStorage } from "./storage.server.ts";

test("list gives the names this storage gave out, with when they were written", async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "storage-test-"));
  const storage = createLocalStorage(root);
  expect(await storage.list("avatars")).toEqual([]);
  const before = Date.now() - 1000;
  const name = await storage.save("avatars", Buffer.from("picture"), "jpg");
  fs.writeFileSync(path.join(root, "avatars", "notes.txt"), "not ours");
  const listed = await storage.list("avatars");
  expect(listed.map((file) => file.name)).toEqual([name]);
  expect(listed[0]?.modified.getTime()).toBeGreaterThan(before);
});
