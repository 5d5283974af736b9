import { describe, expect, test } from "vitest";
import { CLIENT_IP_HEADER } from "./config.server.ts";
import { isLocalRequest, isLoopbackAddress } from "./local-request.server.ts";

describe("isLoopbackAddress", () => {
  test.each(["127.0.0.1", "127.10.20.30", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1"])(
    "%s is loopback",
    (address) => {
      expect(isLoopbackAddress(address)).toBe(true);
    },
  );

  test.each([
    "10.0.0.1",
    "128.0.0.1",
    "::ffff:10.0.0.1",
    "::2",
    "fe80::1",
    "localhost",
    "127.0.0.1.example.com",
    "",
  ])("%s is not", (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});

describe("isLocalRequest", () => {
  const request = (url: string, headers: Record<string, string>) => new Request(url, { headers });

  test("a browser on this machine, by name or address", () => {
    for (const [url, address] of [
      ["http://localhost:3000/dev/outbox", "127.0.0.1"],
      ["http://127.0.0.1:3000/dev/outbox", "127.0.0.1"],
      ["http://[::1]:3000/dev/outbox", "::1"],
      ["http://app.localhost:3000/dev/outbox", "::ffff:127.0.0.1"],
    ] as const) {
      expect(isLocalRequest(request(url, { [CLIENT_IP_HEADER]: address })), url).toBe(true);
    }
  });

  test("not from another address, nor without one", () => {
    expect(
      isLocalRequest(request("http://localhost/", { [CLIENT_IP_HEADER]: "192.168.1.20" })),
    ).toBe(false);
    expect(isLocalRequest(request("http://localhost/", {}))).toBe(false);
  });

  test("not through a proxy on this machine, whatever the connection's address", () => {
    for (const name of ["forwarded", "x-forwarded-for", "x-real-ip", "via"]) {
      const proxied = request("http://localhost/", {
        [CLIENT_IP_HEADER]: "127.0.0.1",
        [name]: "203.0.113.7",
      });
      expect(isLocalRequest(proxied), name).toBe(false);
    }
  });

  test("not for a page whose own name points at 127.0.0.1 (DNS rebinding)", () => {
    const rebound = request("http://attacker.example:3000/dev/outbox", {
      [CLIENT_IP_HEADER]: "127.0.0.1",
    });
    expect(isLocalRequest(rebound)).toBe(false);
  });
});
