import { once } from "node:events";
import { createServer, type Server } from "node:http";
import net from "node:net";
import { afterEach, expect, test } from "vitest";
import { drainOnStop } from "./drain.server.ts";

// What scripts/shutdown.test.ts saw fail on a loaded machine, made certain: a client connected
// before the stop, but its request had not been read when the last running one was answered.

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** A server whose answers wait for `release()`, counting the connections it accepted. */
async function slowServer() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const started = createServer(async (request, response) => {
    if (request.url === "/slow") await released;
    response.end(`answered ${request.url}`);
  });
  server = started;
  let accepted = 0;
  started.on("connection", () => {
    accepted += 1;
  });
  started.listen(0, "127.0.0.1");
  await once(started, "listening");
  const { port } = started.address() as net.AddressInfo;
  return { server: started, port, release, accepted: () => accepted };
}

/** A raw connection, to choose when its request is written. */
async function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  let received = "";
  socket.on("data", (chunk) => {
    received += chunk;
  });
  const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  return {
    send: (path: string) =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: test\r\nConnection: keep-alive\r\n\r\n`),
    received: () => received,
    ended,
  };
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

test("a connection accepted before the stop is answered even when its request comes after the last answer", async () => {
  const site = await slowServer();
  const drain = drainOnStop(site.server, 60_000);
  const running = await connect(site.port);
  running.send("/slow");
  const late = await connect(site.port);
  await until(() => site.accepted() === 2);

  const stopped = drain.stop();
  expect(drain.isStopping()).toBe(true);
  site.release();
  await until(() => running.received().includes("answered /slow"));
  late.send("/late");
  await stopped;
  await Promise.all([running.ended, late.ended]);

  expect(running.received()).toMatch(/^HTTP\/1\.1 200[\s\S]*answered \/slow$/);
  expect(late.received()).toMatch(/^HTTP\/1\.1 200[\s\S]*Connection: close[\s\S]*answered \/late$/);
  // And nobody new gets in.
  await expect(connect(site.port)).rejects.toThrow(/ECONNREFUSED/);
});

test("an idle keep-alive connection does not hold the stop back", async () => {
  const site = await slowServer();
  const drain = drainOnStop(site.server, 60_000);
  const idle = await connect(site.port);
  idle.send("/quick");
  await until(() => idle.received().includes("answered /quick"));

  await drain.stop();
  await idle.ended;
  expect(idle.received()).not.toMatch(/Connection: close/);
});
