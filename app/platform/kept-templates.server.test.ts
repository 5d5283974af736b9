import { expect, test } from "vitest";
import { keptTemplates } from "./kept-templates.server.ts";

function clock() {
  let now = 0;
  return { now: () => now, pass: (ms: number) => (now += ms) };
}

test("keeps what is made for its time, then makes it again", async () => {
  const time = clock();
  const kept = keptTemplates<string>({ ttlMs: 5000, maxEntries: 10, now: time.now });
  let made = 0;
  const make = async () => `page ${++made}`;
  expect(await kept.get("/", make)).toBe("page 1");
  time.pass(4999);
  expect(await kept.get("/", make)).toBe("page 1");
  time.pass(1);
  expect(await kept.get("/", make)).toBe("page 2");
});

test("requests that arrive while one is made wait for it", async () => {
  const kept = keptTemplates<string>({ ttlMs: 5000, maxEntries: 10 });
  let made = 0;
  const { promise, resolve } = Promise.withResolvers<string>();
  const first = kept.get("/", () => {
    made += 1;
    return promise;
  });
  const second = kept.get("/", async () => `another ${++made}`);
  resolve("the page");
  expect(await Promise.all([first, second])).toEqual(["the page", "the page"]);
  expect(made).toBe(1);
});

test("keeps nothing undefined, nothing past its size, nothing with no time", async () => {
  const kept = keptTemplates<string>({ ttlMs: 5000, maxEntries: 2 });
  let made = 0;
  const make = async () => `page ${++made}`;
  expect(await kept.get("/a", async () => undefined)).toBeUndefined();
  await kept.get("/a", make);
  await kept.get("/b", make);
  await kept.get("/c", make);
  // The oldest went first.
  expect(await kept.get("/a", make)).toBe("page 4");
  expect(await kept.get("/c", make)).toBe("page 3");

  const never = keptTemplates<string>({ ttlMs: 0, maxEntries: 2 });
  expect(await never.get("/", make)).toBe("page 5");
  expect(await never.get("/", make)).toBe("page 6");
});

test("clearing forgets what was kept and what was being made before it", async () => {
  const kept = keptTemplates<string>({ ttlMs: 5000, maxEntries: 10 });
  await kept.get("/", async () => "old");
  const { promise, resolve } = Promise.withResolvers<string>();
  const pending = kept.get("/b", () => promise);
  kept.clear();
  resolve("made before the edit");
  expect(await pending).toBe("made before the edit");
  expect(await kept.get("/", async () => "new")).toBe("new");
  expect(await kept.get("/b", async () => "new b")).toBe("new b");
});
