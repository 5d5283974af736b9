/** Bodies written by hand, so malformed text reaches the server exactly as intended. */

export type FilePart = { filename: string; type: string; bytes: Uint8Array };
/** A field's value: text, a file (multipart only), or a raw JSON token such as 1e400 (JSON only). */
export type Value = string | FilePart | { json: string };
/** Fields in order; a name may repeat. */
export type Fields = [name: string, value: Value][];

const isFile = (value: Value): value is FilePart => typeof value === "object" && "bytes" in value;

/**
 * UTF-8, except that a lone surrogate becomes its 3-byte (invalid) sequence instead of U+FFFD:
 * what a client that does not check its strings sends.
 */
function wtf8(text: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
      i++;
    }
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000)
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      );
  }
  return Uint8Array.from(bytes);
}

function percentEncode(text: string): string {
  let out = "";
  for (const byte of wtf8(text)) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

const textOf = (value: Value): string =>
  typeof value === "string" ? value : isFile(value) ? value.filename : value.json;

export function urlEncoded(fields: Fields): Uint8Array {
  return new TextEncoder().encode(
    fields
      .map(([name, value]) => `${percentEncode(name)}=${percentEncode(textOf(value))}`)
      .join("&"),
  );
}

export function multipart(fields: Fields, boundary: string): Uint8Array {
  const parts: Uint8Array[] = [];
  const text = (line: string) => parts.push(wtf8(line));
  for (const [name, value] of fields) {
    text(`--${boundary}\r\n`);
    if (isFile(value)) {
      text(`Content-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n`);
      text(`Content-Type: ${value.type}\r\n\r\n`);
      parts.push(value.bytes);
      text("\r\n");
    } else {
      text(`Content-Disposition: form-data; name="${name}"\r\n\r\n${textOf(value)}\r\n`);
    }
  }
  text(`--${boundary}--\r\n`);
  return Buffer.concat(parts);
}

/** A JSON object written token by token: duplicate keys stay, raw tokens are not re-encoded. */
export function json(fields: Fields): Uint8Array {
  const members = fields.map(([name, value]) => {
    const token =
      typeof value === "object" && "json" in value ? value.json : JSON.stringify(textOf(value));
    return `${JSON.stringify(name)}:${token}`;
  });
  return new TextEncoder().encode(`{${members.join(",")}}`);
}

/** The address form of query fields whose values are already written as they go on the wire. */
export function query(pairs: [string, string][]): string {
  return pairs.map(([name, value]) => `${name}=${value}`).join("&");
}
