import net from "node:net";

/**
 * One HTTP/1.1 request written byte for byte on its own connection: a client library would refuse
 * or repair most of what the fuzz sends (NUL in headers, lying Content-Length, raw bytes in the
 * request line, a body cut short).
 */
export type RawRequest = {
  method: string;
  target: string;
  /** Sent as given, in order; `content-length` is added from `framing` when a body is sent. */
  headers: [name: string, value: string][];
  body?: Uint8Array;
  /**
   * "exact" (default): Content-Length of the body; "chunked": Transfer-Encoding: chunked; "none":
   * no length at all; a string: that Content-Length, whatever the body's size.
   */
  framing?: "exact" | "chunked" | "none" | { contentLength: string };
  /** Write only this many bytes of the body, then close our side of the connection. */
  cutAt?: number;
};

export type Outcome = number | "no-response" | "timeout" | "connection-refused";

export type RawResponse = {
  status: Outcome;
  headers: [string, string][];
  body: Buffer;
};

const KEEP_BYTES = 256 * 1024;

/** Header text is Latin-1 on the wire; anything wider goes out as UTF-8 bytes, as a careless client would. */
function headerBytes(text: string): Buffer {
  const latin1 = [...text].every((char) => (char.codePointAt(0) ?? 0) <= 0xff);
  return Buffer.from(text, latin1 ? "latin1" : "utf8");
}

function encodeRequest(request: RawRequest): { head: Buffer; body: Buffer } {
  const body = request.body ? Buffer.from(request.body) : undefined;
  const framing = request.framing ?? "exact";
  const lines: string[] = [`${request.method} ${request.target} HTTP/1.1`];
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
  let payload = body ?? Buffer.alloc(0);
  if (body && framing === "exact") lines.push(`content-length: ${body.length}`);
  if (typeof framing === "object") lines.push(`content-length: ${framing.contentLength}`);
  if (body && framing === "chunked") {
    lines.push("transfer-encoding: chunked");
    // Chunks of 16 KiB, so a large body arrives the way a streaming client sends it.
    const chunks: Buffer[] = [];
    for (let start = 0; start < body.length; start += 16_384) {
      const chunk = body.subarray(start, start + 16_384);
      chunks.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n"));
    }
    chunks.push(Buffer.from("0\r\n\r\n"));
    payload = Buffer.concat(chunks);
  }
  return { head: headerBytes(`${lines.join("\r\n")}\r\n\r\n`), body: payload };
}

export function sendRaw(
  port: number,
  request: RawRequest,
  timeoutMs: number,
): Promise<RawResponse> {
  const { head, body } = encodeRequest(request);
  return new Promise((resolve) => {
    const received: Buffer[] = [];
    let size = 0;
    let settled = false;
    const socket = net.connect({ port, host: "127.0.0.1" });
    const finish = (status?: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(status === undefined ? parseResponse(Buffer.concat(received)) : blank(status));
    };
    const timer = setTimeout(() => finish("timeout"), timeoutMs);
    socket.on("connect", () => {
      if (request.cutAt === undefined) {
        socket.write(Buffer.concat([head, body]));
      } else {
        socket.end(Buffer.concat([head, body.subarray(0, request.cutAt)]));
      }
    });
    socket.on("data", (chunk: Buffer) => {
      if (size < KEEP_BYTES) received.push(chunk);
      size += chunk.length;
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED") finish("connection-refused");
      else finish();
    });
    socket.on("close", () => finish());
  });
}

function blank(status: Outcome): RawResponse {
  return { status, headers: [], body: Buffer.alloc(0) };
}

/** The final response's status, headers and (start of the) body; interim 1xx answers are skipped. */
function parseResponse(bytes: Buffer): RawResponse {
  let rest = bytes;
  for (;;) {
    const end = rest.indexOf("\r\n\r\n");
    if (end < 0) return blank("no-response");
    const [statusLine = "", ...headerLines] = rest
      .subarray(0, end)
      .toString("latin1")
      .split("\r\n");
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
    if (!status) return blank("no-response");
    if (status >= 100 && status < 200) {
      rest = rest.subarray(end + 4);
      continue;
    }
    const headers = headerLines.map((line): [string, string] => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    });
    return { status, headers, body: rest.subarray(end + 4) };
  }
}
