import { expect, test } from "vitest";
import { createWorkQueue } from "./work-queue.server.ts";

const settle = () => new Promise((resolve) => setImmediate(resolve));

test("at most `concurrency` tasks run at once, the others start in order as slots free up", async () => {
  const queue = createWorkQueue(2);
  const started: number[] = [];
  const finish: ((failure?: Error) => void)[] = [];
  const results = [0, 1, 2, 3].map((index) =>
    queue
      .run(
        () =>
          new Promise<number>((resolve, reject) => {
            started.push(index);
            finish[index] = (failure) => (failure ? reject(failure) : resolve(index));
          }),
      )
      .catch((error: Error) => error.message),
  );
  await settle();
  expect(started).toEqual([0, 1]);
  finish[1]?.(new Error("broken picture"));
  await settle();
  expect(started).toEqual([0, 1, 2]);
  finish[0]?.();
  await settle();
  expect(started).toEqual([0, 1, 2, 3]);
  finish[2]?.();
  finish[3]?.();
  expect(await Promise.all(results)).toEqual([0, "broken picture", 2, 3]);
});
