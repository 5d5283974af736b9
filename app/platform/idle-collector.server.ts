import type { Server } from "node:http";

type Collect = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

/**
 * Gives the memory a burst of requests grew back to the system once the server has been idle for
 * `idleMs`. V8 keeps the heap a burst grew, its garbage included, until its memory reducer judges
 * that allocation has slowed, which it reads from samples taken at collections: with no collection
 * after the burst, that took about two minutes (docs/performance.md, Memory). One full collection,
 * the kind V8 runs under memory pressure, after the requests stop does it at once.
 *
 * Needs `node --expose-gc` (`npm run serve` passes it); without it, does nothing.
 */
export function collectWhenIdle(server: Server, idleMs: number) {
  const collect = (globalThis as { gc?: Collect }).gc;
  if (!collect) return;
  let lastRequest = 0;
  let collected = true;
  server.on("request", () => {
    lastRequest = performance.now();
    collected = false;
  });
  setInterval(() => {
    if (collected || performance.now() - lastRequest < idleMs) return;
    collected = true;
    collect({ type: "major", execution: "sync", flavor: "last-resort" });
  }, idleMs / 2).unref();
}
