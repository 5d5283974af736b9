import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * How long a stop waits for a connection accepted but silent to send its first request. Its bytes
 * are usually in the socket already: a busy process has simply not read them yet.
 */
const FIRST_REQUEST_GRACE_MS = 2_000;

/**
 * Lets `server` stop without failing a request a client sent before the stop (decision 0044).
 *
 * Cutting the connections as soon as no request runs is not enough under load: a connection
 * accepted a moment ago whose request the busy event loop has not read yet has no request running
 * either, and one the kernel queued during a long render has not even been accepted; their clients
 * saw their requests fail (scripts/shutdown.test.ts did, in CI). Here the listener stays open while
 * a request runs or a connection accepted less than 2 s ago has sent none, checked again after each
 * turn of the event loop (which accepts what the kernel queued), and only then closes and cuts what
 * is left. Every answer given while stopping closes its connection. A load balancer that keeps
 * sending keeps the server up to `drainMs`.
 */
export function drainOnStop(server: Server, drainMs: number) {
  let stopping = false;
  let inFlight = 0;
  /** Connections accepted that have sent no request yet, with when they were accepted. */
  const waiting = new Map<Socket, number>();

  server.on("connection", (socket: Socket) => {
    waiting.set(socket, performance.now());
    socket.once("close", () => waiting.delete(socket));
  });
  // Before the site's own listener, so that the header is set before anything is written.
  server.prependListener("request", (request: IncomingMessage, response: ServerResponse) => {
    waiting.delete(request.socket);
    if (stopping) response.setHeader("Connection", "close");
    inFlight += 1;
    response.once("close", () => {
      inFlight -= 1;
    });
  });

  /** Whether a request runs, or a connection accepted less than the grace ago has sent none yet. */
  const busy = () => {
    if (inFlight > 0) return true;
    const now = performance.now();
    for (const acceptedAt of waiting.values())
      if (now - acceptedAt < FIRST_REQUEST_GRACE_MS) return true;
    return false;
  };
  // A short timer, not setImmediate: the poll phase that accepts queued connections runs before it.
  const turn = () => new Promise((resolve) => setTimeout(resolve, 20));

  return {
    isStopping: () => stopping,
    /** Resolves once every connection is closed: the requests answered, or `drainMs` passed. */
    async stop() {
      stopping = true;
      const deadline = performance.now() + drainMs;
      // Listening on while anything runs or waits to be read. Each turn of the event loop between
      // checks lets it accept the connections the kernel queued meanwhile: closing the listener
      // would reset those, though their clients sent their requests before the stop.
      while (busy() && performance.now() < deadline) await turn();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // What is left: idle connections, and requests that outran the drain.
      server.closeAllConnections();
      await closed;
    },
  };
}
