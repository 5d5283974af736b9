import { Writable } from "node:stream";
import { afterEach, expect, test } from "vitest";
import { createLog, requestScope, sendConsoleToLog } from "./log.server.ts";

const original = { ...console };

afterEach(() => {
  Object.assign(console, original);
});

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, log: createLog({ level: "debug", pretty: false, destination }) };
}

test("console's lines become JSON lines at their level, an error with its stack", () => {
  const { lines, log } = capture();
  sendConsoleToLog(log);
  console.log("ready on %d", 3000);
  console.warn("slow");
  const error = new Error("it broke");
  console.error("Stopping failed:", error);
  console.error(error);

  expect(lines.map(({ level, msg }) => ({ level, msg }))).toEqual([
    { level: 30, msg: "ready on 3000" },
    { level: 40, msg: "slow" },
    { level: 50, msg: "Stopping failed:" },
    { level: 50, msg: "it broke" },
  ]);
  for (const line of lines.slice(2)) {
    expect(line.err).toMatchObject({ type: "Error", message: "it broke" });
    expect((line.err as { stack: string }).stack).toContain("log.server.test.ts");
  }
});

test("a line written while a request is served carries the request's id", async () => {
  const { lines, log } = capture();
  await requestScope.run({ requestId: "req-1" }, async () => {
    await Promise.resolve();
    log.info("inside");
  });
  log.info("outside");
  expect(lines[0]).toMatchObject({ msg: "inside", requestId: "req-1" });
  expect(lines[1]).not.toHaveProperty("requestId");
});
