import { EventEmitter } from "node:events";
import type { Server } from "node:http";
import { afterEach, expect, test, vi } from "vitest";
import { collectWhenIdle } from "./idle-collector.server.ts";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test("one full collection once requests stop, none while they come, none when never busy", () => {
  vi.useFakeTimers({ toFake: ["setInterval", "performance"] });
  const gc = vi.fn();
  vi.stubGlobal("gc", gc);
  const server = new EventEmitter() as unknown as Server;
  collectWhenIdle(server, 10_000);

  vi.advanceTimersByTime(60_000);
  expect(gc).not.toHaveBeenCalled();

  for (let second = 0; second < 30; second++) {
    server.emit("request");
    vi.advanceTimersByTime(1000);
  }
  expect(gc).not.toHaveBeenCalled();

  vi.advanceTimersByTime(15_000);
  expect(gc).toHaveBeenCalledTimes(1);
  expect(gc).toHaveBeenCalledWith({ type: "major", execution: "sync", flavor: "last-resort" });
  vi.advanceTimersByTime(60_000);
  expect(gc).toHaveBeenCalledTimes(1);
});
