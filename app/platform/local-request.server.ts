import net from "node:net";
import { CLIENT_IP_HEADER } from "./config.server.ts";

const loopback = new net.BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
// BlockList also matches IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) against the IPv4 subnet.
loopback.addAddress("::1", "ipv6");

/** 127.0.0.0/8, ::1 and ::ffff:127.x.x.x. */
export function isLoopbackAddress(address: string): boolean {
  const family = net.isIP(address);
  return family !== 0 && loopback.check(address, family === 4 ? "ipv4" : "ipv6");
}

/**
 * Headers a reverse proxy adds. A proxy on the same machine connects from 127.0.0.1 for every
 * visitor, so a request carrying one of these is never taken for a local one.
 */
const PROXY_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip", "via"];

/**
 * A request from a browser or tool on this machine: its address (as the host recorded it in
 * CLIENT_IP_HEADER) is loopback, it carries no proxy header, and it names this machine
 * (localhost or a loopback address), so a page of another site that points its own name at
 * 127.0.0.1 (DNS rebinding) is not local either.
 */
export function isLocalRequest(request: Request): boolean {
  const address = request.headers.get(CLIENT_IP_HEADER);
  if (!address || !isLoopbackAddress(address)) return false;
  if (PROXY_HEADERS.some((name) => request.headers.has(name))) return false;
  const hostname = new URL(request.url).hostname.replace(/^\[(.*)\]$/, "$1");
  return hostname === "localhost" || hostname.endsWith(".localhost") || isLoopbackAddress(hostname);
}
