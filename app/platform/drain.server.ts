import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * How long a connection accepted before the listener closed may take to send its first request.
 * Its bytes are usually in the socket already: a busy process has simply not read them yet.
 */
const FIRST_REQUEST_GRACE_MS = 2_000;

/**
 * Lets `server` stop without failing a request a client sent before the stop (decision 0044).
 *
 * Cutting the connections as soon as no request runs is not enough under load: a connection
 * accepted a moment ago whose request the busy event loop has not read yet has no request running
 * either, and its client saw its request fail (scripts/shutdown.test.ts did, in CI). Here the
 * listener stays open while requests run (clients that sent one just before the signal are still in
 * the accept queue), then closes, and each connection accepted before gets its request read and
 * answered; only then are the idle keep-alive connections cut. Every answer given while stopping
 * closes its connection.
 */
export function drainOnStop(server: Server, drainMs: number) {
  let stopping = false;
  let inFlight = 0;
  /** Connections accepted that have sent no request yet. */
  const waiting = new Set<Socket>();
  let changed = () => {};

  server.on("connection", (socket: Socket) => {
    waiting.add(socket);
    socket.once("close", () => {
      waiting.delete(socket);
      changed();
    });
  });
  // Before the site's own listener, so that the header is set before anything is written.
  server.prependListener("request", (request: IncomingMessage, response: ServerResponse) => {
    waiting.delete(request.socket);
    changed();
    if (stopping) response.setHeader("Connection", "close");
    inFlight += 1;
    response.once("close", () => {
      inFlight -= 1;
      changed();
    });
  });

  /** Resolves once `done()` holds, or after `ms`. */
  const until = (done: () => boolean, ms: number) =>
    new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        changed = () => {};
        resolve();
      };
      const timer = setTimeout(finish, ms);
      changed = () => {
        if (done()) finish();
      };
      changed();
    });

  return {
    isStopping: () => stopping,
    /** Resolves once every connection is closed: the requests answered, or `drainMs` passed. */
    async stop() {
      stopping = true;
      const deadline = performance.now() + drainMs;
      const left = () => Math.max(0, deadline - performance.now());
      await until(() => inFlight === 0, left());
      // No new connection from here. Node's close cuts idle keep-alive connections, not new ones.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await until(() => waiting.size === 0, Math.min(left(), FIRST_REQUEST_GRACE_MS));
      await until(() => inFlight === 0, left());
      // What is left: connections that never sent a request, and requests that outran the drain.
      server.closeAllConnections();
      await closed;
    },
  };
}
