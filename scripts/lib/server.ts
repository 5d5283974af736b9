/**
 * What every script that measures or attacks the production build shares: starting `server.ts` of
 * the build as `npm run serve` starts it, waiting for "Site ready", stopping it, and a player who
 * signed up through the real endpoint. Not a test; nothing here asserts.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { runningDatabaseUrl } from "../../app/db/embedded.server.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Seeding a fresh database on a busy machine has taken over a minute. */
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 30_000;
/** Settings of the caller's shell that would point the server elsewhere than where it is started. */
const INHERITED_OUT = [
  "DATABASE_URL",
  "DATA_DIR",
  "BASE_URL",
  "SMTP_URL",
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
];

export type BuiltServer = {
  port: number;
  /** Where requests go: the loopback address the server listens on. */
  url: string;
  /** The site's own address (BASE_URL), which same-site requests carry as Origin. */
  origin: string;
  /** The server's database, for scripts that set rows up or check them. */
  databaseUrl: string;
  /** The server process's id, for /proc figures. */
  pid: number;
  process: ChildProcess;
  /** The last few thousand characters the server wrote, stdout and stderr together. */
  output: () => string;
  /** Resident memory of the server process, in MB, from /proc. */
  rssMb: () => number;
  /** Sends `signal` (SIGKILL for a crash) and waits for the exit; SIGKILL after 30 s. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

/** Exits with a clear message when there is no production build to start. */
export function requireBuild(): void {
  if (fs.existsSync(path.join(ROOT, "build/server/index.js"))) return;
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The environment settings and Node flags `npm run serve` starts the server with (heap sizes and
 * the allocator's settings change what memory figures mean), read from package.json so the two
 * cannot drift apart.
 */
function serveCommand(): { env: Record<string, string>; flags: string[] } {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
  const command = /^((?:\w+=\S* )*)node ((?:--\S+ )*)server\.ts$/.exec(scripts.serve);
  if (!command) throw new Error("package.json's serve script no longer runs node … server.ts.");
  const words = (text = "") => text.split(" ").filter(Boolean);
  const env = Object.fromEntries(
    words(command[1]).map((setting) => setting.split("=", 2) as [string, string]),
  );
  return { env, flags: words(command[2]) };
}

/**
 * `node server.ts` of the production build on 127.0.0.1, ready once it says "Site ready at". Its
 * database is `databaseUrl`, or else the embedded PostgreSQL under `dataDir`; it does not seed
 * unless `seed`. Its output goes to `log` when given; otherwise what it says on stderr is shown.
 */
export async function startBuiltServer(
  options: {
    /** A free port unless given. */
    port?: number;
    databaseUrl?: string;
    /** DATA_DIR: uploads, and the embedded PostgreSQL when no databaseUrl is given. */
    dataDir?: string;
    seed?: boolean;
    /** Opens the inspector on this port, for CPU profiles and heap snapshots. */
    inspectPort?: number;
    log?: string;
    /** More of the server's environment (WEB_CONCURRENCY, CLIENT_IP_HEADER, MAX_BODY_BYTES…). */
    env?: Record<string, string>;
  } = {},
): Promise<BuiltServer> {
  requireBuild();
  const port = options.port ?? (await freePort());
  const serve = serveCommand();
  // npm run serve's settings, unless this shell gives its own (MALLOC_ARENA_MAX, say).
  const env: NodeJS.ProcessEnv = { ...serve.env, ...process.env };
  for (const name of INHERITED_OUT) delete env[name];
  Object.assign(env, {
    // The build is production's, whatever the caller runs under (Vitest sets NODE_ENV=test).
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    // The server's own default, said outright so that sign-up's Origin check knows the address.
    BASE_URL: `http://localhost:${port}`,
    SEED_ON_START: String(options.seed ?? false),
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    ...(options.databaseUrl && { DATABASE_URL: options.databaseUrl }),
    ...(options.dataDir && { DATA_DIR: options.dataDir }),
    ...options.env,
  });
  const inspect = options.inspectPort ? [`--inspect=127.0.0.1:${options.inspectPort}`] : [];
  const child = spawn(process.execPath, [...inspect, ...serve.flags, "server.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk).slice(-4000);
  };
  if (options.log) {
    fs.mkdirSync(path.dirname(options.log), { recursive: true });
    const log = fs.createWriteStream(options.log);
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  } else {
    child.stderr?.on("data", (chunk: Buffer) => {
      // The inspector's own banner is expected; anything else the server says on stderr is shown.
      const text = String(chunk);
      if (!/Debugger listening|For help, see|Debugger attached|Waiting for the debugger/.test(text))
        process.stderr.write(text);
    });
  }
  child.stderr?.on("data", keep);
  child.stdout?.on("data", keep);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`No "Site ready at" within ${START_TIMEOUT_MS / 1000} s:\n${output}`));
    }, START_TIMEOUT_MS);
    const ready = () => {
      if (!output.includes("Site ready at")) return;
      clearTimeout(timer);
      child.stdout?.off("data", ready);
      child.off("exit", ended);
      resolve();
    };
    const ended = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      reject(
        new Error(`The server ended (${signal ?? `exit ${code}`}) before it was ready:\n${output}`),
      );
    };
    child.stdout?.on("data", ready);
    child.once("exit", ended);
  });
  const databaseUrl =
    options.databaseUrl ??
    runningDatabaseUrl(path.resolve(ROOT, options.dataDir ?? ".data", "postgres"));
  if (!databaseUrl) throw new Error("The server is ready but its PostgreSQL is not to be found.");
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    origin: env.BASE_URL as string,
    databaseUrl,
    pid: child.pid as number,
    process: child,
    output: () => output,
    rssMb: () => {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

export type SignedUpPlayer = {
  name: string;
  email: string;
  password: string;
  handle: string;
  /** The session cookie as a Cookie header carries it. */
  cookie: string;
  /** The session token, without the cookie's signature. */
  token: string;
};

/**
 * A player made through the real sign-up endpoint, whose address is then confirmed in the database
 * (as following the e-mailed link does), signed in through the real endpoint.
 */
export async function signUpConfirmed(
  server: Pick<BuiltServer, "url" | "origin" | "databaseUrl">,
  player: {
    name: string;
    email: string;
    password?: string;
    profilePublic?: boolean;
    /** 12 unless given: a child's account, the site's usual player. */
    age?: number;
    /** Sent with both requests (a client-address header, say). */
    headers?: Record<string, string>;
  },
): Promise<SignedUpPlayer> {
  const { name, email, age = 12 } = player;
  const child = age < 14;
  const password = player.password ?? `script-${randomBytes(12).toString("hex")}`;
  const post = (target: string, body: unknown) =>
    fetch(`${server.url}${target}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.origin, ...player.headers },
      body: JSON.stringify(body),
    });
  const signedUp = await post("/api/auth/sign-up/email", {
    name,
    email,
    password,
    age,
    // Under 14 a parent's address is asked; the parent's consent is then written as given below,
    // as signUpVerified does for the integration tests (decision 0064).
    ...(child && { parentEmail: `parent-${email}` }),
    locale: "en-CA",
  });
  if (!signedUp.ok) {
    throw new Error(`Signing up ${email} answered ${signedUp.status}: ${await signedUp.text()}`);
  }
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  const { rows } = await client
    .query<{ handle: string }>(
      `update "user" set email_verified = true, profile_public = coalesce($2, profile_public),
                         consent_status = case when $3 then 'given' else consent_status end,
                         consent_due_by = case when $3 then null else consent_due_by end
       where email = $1 returning handle`,
      [email, player.profilePublic ?? null, child],
    )
    .finally(() => client.end());
  const signedIn = await post("/api/auth/sign-in/email", { email, password });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((header) => header.split(";")[0] ?? "")
    .find((pair) => pair.startsWith("better-auth.session_token="));
  if (!signedIn.ok || !cookie) {
    throw new Error(`Signing in ${email} answered ${signedIn.status}: ${await signedIn.text()}`);
  }
  const token = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)).split(".")[0] ?? "";
  return { name, email, password, handle: rows[0]?.handle ?? "", cookie, token };
}
