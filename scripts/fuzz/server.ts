/** The fuzz scripts' own server: a free port, the production build started on it, its players. */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import type { SignedUpPlayer } from "./cases.ts";
import { sendRaw } from "./http.ts";

const REQUEST_TIMEOUT_MS = 20_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * `node server.ts` of the production build on `port`, its data in `workDir`, its output in `log`;
 * each request's client address is read from the `x-fuzz-client-ip` header, as behind a proxy.
 */
export async function startServer(options: {
  port: number;
  databaseUrl: string;
  workDir: string;
  log: string;
  maxBodyBytes: number;
}): Promise<ChildProcess> {
  const { port, databaseUrl, workDir, log: SERVER_LOG } = options;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["BASE_URL", "SMTP_URL", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"]) {
    delete env[name];
  }
  fs.mkdirSync(path.dirname(SERVER_LOG), { recursive: true });
  const log = fs.createWriteStream(SERVER_LOG);
  const child = spawn(process.execPath, ["server.ts"], {
    env: {
      ...env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      DATA_DIR: workDir,
      SEED_ON_START: "true",
      LOG_LEVEL: "info",
      MAX_BODY_BYTES: String(options.maxBodyBytes),
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      // Each case comes from its own address (see cases.ts), as if through a proxy.
      CLIENT_IP_HEADER: "x-fuzz-client-ip",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error("The server did not start within 60 s.")),
      60_000,
    );
    child.stdout?.on("data", (chunk) => {
      if (String(chunk).includes("Site ready at")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(
        new Error(`The server stopped before it was ready (exit ${code}); see ${SERVER_LOG}.`),
      );
    });
  });
  return child;
}

/**
 * A player made through the real sign-up endpoint, whose address is then confirmed (as following
 * the e-mailed link does) and who signs in, with the session cookie that answered and their handle.
 */
export async function signUp(
  port: number,
  host: string,
  origin: string,
  databaseUrl: string,
  name: string,
  email: string,
  profilePublic: boolean,
): Promise<SignedUpPlayer> {
  const password = `fuzz-${randomBytes(12).toString("hex")}`;
  const post = (target: string, body: unknown) =>
    sendRaw(
      port,
      {
        method: "POST",
        target,
        headers: [
          ["host", host],
          ["origin", origin],
          ["connection", "close"],
          ["content-type", "application/json"],
          ["x-fuzz-client-ip", "10.254.0.1"],
        ],
        body: Buffer.from(JSON.stringify(body)),
      },
      REQUEST_TIMEOUT_MS,
    );
  const signedUp = await post("/api/auth/sign-up/email", {
    name,
    email,
    password,
    age: 12,
    locale: "en-CA",
  });
  if (signedUp.status !== 200)
    throw new Error(`Signing up ${email} failed: ${signedUp.status} ${signedUp.body.toString()}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ handle: string }>(
    `update "user" set email_verified = true, profile_public = $2 where email = $1 returning handle`,
    [email, profilePublic],
  );
  await client.end();
  const handle = rows[0]?.handle ?? "";
  const response = await post("/api/auth/sign-in/email", { email, password });
  const cookie = response.headers
    .filter(
      ([header, value]) =>
        header === "set-cookie" && value.startsWith("better-auth.session_token="),
    )
    .map(([, value]) => value.split(";")[0] ?? "")[0];
  if (response.status !== 200 || !cookie) {
    throw new Error(
      `Signing in ${email} failed: ${response.status} ${response.body.toString().slice(0, 300)}`,
    );
  }
  const token = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)).split(".")[0] ?? "";
  return { name, email, password, token, cookie, handle };
}
