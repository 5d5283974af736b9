import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export const MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? 3225);
const MAIL_DIR = path.resolve(".data/e2e-mail");

/**
 * A local SMTP server the site under test sends its real messages to: each message is written to
 * MAIL_DIR as it arrived, for tests to read the links people would click.
 */
export function startMailServer(): Promise<() => Promise<void>> {
  fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAIL_DIR, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received += 1;
        fs.writeFileSync(
          path.join(MAIL_DIR, `${String(received).padStart(4, "0")}.eml`),
          Buffer.concat(chunks),
        );
        done();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(MAIL_PORT, "127.0.0.1", () =>
      resolve(() => new Promise((closed) => server.close(() => closed()))),
    );
  });
}

/** The newest message to `address`, with its quoted-printable text decoded. */
export function lastMailTo(address: string): string | undefined {
  const messages = fs
    .readdirSync(MAIL_DIR)
    .sort()
    .reverse()
    .map((name) => fs.readFileSync(path.join(MAIL_DIR, name), "utf8"));
  const raw = messages.find((message) =>
    new RegExp(`^To: .*${address.replace(/[.+]/g, "\\$&")}`, "mi").test(message),
  );
  return raw
    ?.replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
}
