import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { S3Settings } from "./storage.server.ts";

/**
 * Points a player can earn by finishing quiz sets in a day (America/Toronto) unless
 * QUIZ_DAILY_POINTS_CAP says otherwise; the quiz is handed the configured cap (platform/context.ts).
 */
export const DEFAULT_DAILY_POINTS_CAP = 300;

/** Where buyers send e-Transfers unless INTERAC_EMAIL says otherwise. */
export const DEFAULT_INTERAC_EMAIL = "payments@nearby.example";

/**
 * The header the host sets from the connection (or from CLIENT_IP_HEADER's trusted proxy header
 * below) for rate limits and sessions; any copy a client sends is dropped.
 */
export const CLIENT_IP_HEADER = "x-nearby-client-ip";

export const DEFAULT_MODERATION_REPLY_TO = "moderation@nearby.example";

/** Every setting the server reads from the environment, checked once at start-up. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  /**
   * The longest a request's database statement may run, or wait for a free connection, before the
   * request answers 503 with Retry-After.
   */
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /**
   * Seconds a visitor's page (a request without cookies) is kept and served again without being
   * rendered; 0 renders every request. Production only.
   */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /**
   * How many processes serve requests, each on its own core (production only). Above 1, the first
   * process keeps the database, e-mail and scheduler and hands the requests to that many workers.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  DATA_DIR: z.string().min(1).default(".data"),
  /**
   * The S3-compatible bucket every host keeps uploads in (decision 0055); unset, they stay in
   * DATA_DIR/uploads on this host. With it: S3_REGION, and S3_ENDPOINT for a server other than AWS.
   */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3–63 of a-z 0-9 . -)")
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, "must be a region such as ca-central-1")
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** Both keys, or neither for the SDK's own chain (an instance role, AWS_* variables). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** true for MinIO-like servers that want endpoint/bucket/key addresses. */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  SEED_ON_START: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
  /**
   * Opens /dev/outbox (every queued e-mail, sign-in links included) to a browser on this machine.
   * `npm start` sets it for whoever tries the site locally; `npm run serve` and production never do.
   */
  DEV_OUTBOX: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  /**
   * Where buyers send their Interac e-Transfers, with the order number in the message: the order's
   * e-mail and page say so, and staff mark the order paid when it arrives.
   */
  INTERAC_EMAIL: z.email().default(DEFAULT_INTERAC_EMAIL),
  /** Hours an order may stay unpaid before it is cancelled and its stock goes back on sale. */
  UNPAID_ORDER_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(48),
  /**
   * Whether this process's scheduler starts the periodic tasks (job alerts, sweeps); off, it still
   * runs tasks that other processes or `npm run jobs:alerts` queue. Tests turn it off.
   */
  SCHEDULES: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
  /** The time zone the schedules' times of day are in. */
  SCHEDULE_TIMEZONE: z
    .string()
    .default("America/Toronto")
    .refine(isTimeZone, "must be an IANA time zone such as America/Toronto"),
  /** When job alerts are mailed each day (24-hour HH:MM, in SCHEDULE_TIMEZONE). */
  JOB_ALERTS_AT: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time of day as HH:MM, e.g. 07:00")
    .default("07:00"),
  /** How often the sweeps run (unpaid orders, abandoned carts, unused pictures, old limits), in minutes. */
  SWEEP_EVERY_MINUTES: z.coerce
    .number()
    .int()
    .refine(
      (minutes) => minutes >= 1 && 60 % minutes === 0,
      "must divide 60 (1, 2, 5, 15, 30, 60…)",
    )
    .default(60),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /**
   * The bearer token Prometheus sends to read GET /metrics; unset, /metrics answers 404. At least
   * 16 characters.
   */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(6 * 1024 * 1024),
  /** The address visitors use, e.g. https://nearby.example; links in e-mails and sign-in checks use it. */
  BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Signs sessions and tokens; at least 32 characters. Required in production. */
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Nearby <no-reply@nearby.example>"),
  /**
   * The sender's postal address, at the foot of every message: CASL asks commercial e-mail (job
   * alerts) to identify its sender by a postal address, not an e-mail address alone.
   */
  MAIL_POSTAL_ADDRESS: z
    .string()
    .trim()
    .min(10, "must be a postal address")
    .default("Nearby, 123 Example Street, Toronto ON M5V 0A1"),
  /**
   * Where people ask the moderators for a second look: the Reply-To of the e-mail to an author whose
   * review, question or answer was removed, and the address a suspended account's sign-in names.
   */
  MODERATION_REPLY_TO: z.email().default(DEFAULT_MODERATION_REPLY_TO),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Where Google's OpenID configuration is read; tests point it at a local OpenID server. */
  GOOGLE_DISCOVERY_URL: z
    .url()
    .default("https://accounts.google.com/.well-known/openid-configuration"),
  /** Points a player can earn by finishing quiz sets in a day (from midnight in Toronto). */
  QUIZ_DAILY_POINTS_CAP: z.coerce
    .number()
    .int()
    .min(0)
    .max(32_767)
    .default(DEFAULT_DAILY_POINTS_CAP),
  /** A header set by a trusted reverse proxy with the visitor's address (e.g. x-real-ip). Unset: the socket's. */
  CLIENT_IP_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/i, "must be a header name")
    .optional(),
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-CA", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type Config = z.infer<typeof envSchema> & {
  dataDir: string;
  baseUrl: string;
  authSecret: string;
  google?: { clientId: string; clientSecret: string; discoveryUrl: string };
  /** Set when uploads go to a bucket rather than DATA_DIR/uploads. */
  s3?: S3Settings;
};

export class ConfigError extends Error {}

/**
 * Without BETTER_AUTH_SECRET (development, or the self-contained install on the embedded database),
 * a random secret is made once and kept beside the data, readable by its owner only.
 */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  }
  return fs.readFileSync(file, "utf8").trim();
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) =>
        `  ${issue.path.join(".")}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const settings = parsed.data;
  if (settings.NODE_ENV === "production" && settings.DATABASE_URL && !settings.BETTER_AUTH_SECRET) {
    throw new ConfigError(
      "Invalid configuration:\n  BETTER_AUTH_SECRET: required in production with DATABASE_URL (got undefined)",
    );
  }
  if (Boolean(settings.GOOGLE_CLIENT_ID) !== Boolean(settings.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      "Invalid configuration:\n  GOOGLE_CLIENT_SECRET: give both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither",
    );
  }
  const s3 = s3Settings(settings, env);
  const dataDir = path.resolve(settings.DATA_DIR);
  return {
    ...settings,
    dataDir,
    baseUrl: (settings.BASE_URL ?? `http://localhost:${settings.PORT}`).replace(/\/$/, ""),
    authSecret: settings.BETTER_AUTH_SECRET ?? localSecret(dataDir),
    google:
      settings.GOOGLE_CLIENT_ID && settings.GOOGLE_CLIENT_SECRET
        ? {
            clientId: settings.GOOGLE_CLIENT_ID,
            clientSecret: settings.GOOGLE_CLIENT_SECRET,
            discoveryUrl: settings.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    s3,
  };
}

/**
 * The bucket's settings, whole or not at all: a partial one stops the server naming what is missing.
 * Read alone by tools that use the same bucket as the site (`npm run cluster-check`).
 */
export function readS3Config(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(`Invalid configuration: ${parsed.error.message}`);
  return s3Settings(parsed.data, env);
}

function s3Settings(
  settings: z.infer<typeof envSchema>,
  env: NodeJS.ProcessEnv,
): S3Settings | undefined {
  const refuse = (name: string, message: string) =>
    new ConfigError(
      `Invalid configuration:\n  ${name}: ${message} (got ${JSON.stringify(env[name])})`,
    );
  const { S3_BUCKET: bucket, S3_REGION: region, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = settings;
  if (!bucket) {
    const stray = Object.keys(env).find((name) => name.startsWith("S3_") && env[name]);
    if (stray) throw refuse("S3_BUCKET", `required with ${stray}`);
    return undefined;
  }
  if (!region) throw refuse("S3_REGION", "required with S3_BUCKET, e.g. ca-central-1");
  if (Boolean(S3_ACCESS_KEY_ID) !== Boolean(S3_SECRET_ACCESS_KEY)) {
    throw refuse(
      S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID",
      "give both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither",
    );
  }
  return {
    bucket,
    region,
    endpoint: settings.S3_ENDPOINT,
    credentials:
      S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY
        ? { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
  };
}
