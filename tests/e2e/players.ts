import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { hashPassword } from "better-auth/crypto";
import pg from "pg";
import type { QuizCategory } from "../../app/quiz/categories.ts";

/** The site under test signs its session cookies with this secret (see playwright.config.ts). */
export const AUTH_SECRET = "e2e-only-secret-signing-test-sessions-0123456789";

/** Better Auth's session cookie on plain http (https adds the __Secure- prefix). */
export const SESSION_COOKIE = "better-auth.session_token";

/** The data directory of the site under test (playwright.config.ts gives it as DATA_DIR). */
export const E2E_DATA_DIR = ".data/e2e";

export type PlayerOptions = {
  name?: string;
  /** Points earned; the profile shows them as the balance. */
  points?: number;
  /** Quiz sets completed per category (0 to 20); a category left out has none. */
  completedSets?: Partial<Record<QuizCategory, number>>;
  emailVerified?: boolean;
  /** 10 unless given; a profile is public from 14 (app/players/identity.ts). */
  age?: number;
  /** A password to sign in with through the login form; none unless given. */
  password?: string;
  /** The language chosen in the settings, which signing in switches to; English unless given. */
  locale?: "en-CA" | "fr-CA";
  /** A staff role, as `npm run staff:grant` gives it; "player" unless given. */
  role?: "player" | "moderator" | "admin";
  /**
   * Two-factor sign-in turned on, as staff must have it before the console opens: the session
   * stands for a sign-in that gave its code. False unless given.
   */
  twoFactor?: boolean;
  /** Businesses (by id) the player owns, as a proved claim makes them owner; none unless given. */
  owns?: number[];
  /** Employer profiles (by id) the player is a member of, as their founder; none unless given. */
  employs?: number[];
  /**
   * Children (by id) this player is a parent of, as the consent page leaves them: consent given
   * and in force, the child's account open. None unless given.
   */
  parentOf?: string[];
};

export type Player = { id: string; name: string; email: string; handle: string };

/**
 * The site's own embedded PostgreSQL (app/db/embedded.server.ts), found through the port its
 * server wrote on line 4 of postmaster.pid. The quiz benchmark uses it on a data directory of its own.
 */
export function connectToSite(dataDir = E2E_DATA_DIR): pg.Pool {
  const pidFile = path.resolve(dataDir, "postgres", "postmaster.pid");
  const port = Number(fs.readFileSync(pidFile, "utf8").split("\n")[3]);
  return new pg.Pool({
    host: "127.0.0.1",
    port,
    user: "postgres",
    password: "embedded-postgres-local",
    database: "app",
    max: 1,
  });
}

/** The id of the seeded business `slug`, read from the site's database. */
export async function businessIdOf(slug: string): Promise<number> {
  const db = connectToSite();
  try {
    const { rows } = await db.query<{ id: number }>("select id from business where slug = $1", [
      slug,
    ]);
    return rows[0]?.id as number;
  } finally {
    await db.end();
  }
}

/**
 * A player and an open session written straight to the database, as Better Auth would after a
 * sign-up, with the session cookie's value: `${token}.${signature}` URL-encoded, the signature
 * being the base64 HMAC-SHA256 of the token under the secret (better-call's signCookieValue).
 */
export async function createSignedInPlayer(
  db: pg.Pool,
  {
    name = "Test Player",
    points = 0,
    completedSets = {},
    emailVerified = true,
    age = 10,
    password,
    locale = "en-CA",
    role = "player",
    twoFactor = false,
    owns = [],
    employs = [],
    parentOf = [],
  }: PlayerOptions,
): Promise<{ player: Player; cookieValue: string }> {
  const id = crypto.randomBytes(16).toString("hex");
  const player = {
    id,
    name,
    email: `player-${id}@example.com`,
    handle: `player-${id.slice(0, 12)}`,
  };
  const token = crypto.randomBytes(24).toString("hex");
  const client = await db.connect();
  try {
    await client.query("begin");
    await client.query(
      `insert into "user" (id, name, email, email_verified, handle, age, profile_public, points, locale,
                           role, two_factor_enabled)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        id,
        name,
        player.email,
        emailVerified,
        player.handle,
        age,
        age >= 14,
        points,
        locale,
        role,
        twoFactor,
      ],
    );
    // Points come through the ledger, as everywhere: its sum is the balance.
    if (points !== 0) {
      await client.query(
        `insert into points_ledger (user_id, change, reason, source)
         values ($1, $2, 'test_fixture', 'test_fixture:' || $1)`,
        [id, points],
      );
    }
    if (password !== undefined) {
      // Better Auth's own e-mail-and-password account, hashed as it hashes them.
      await client.query(
        `insert into account (id, account_id, provider_id, user_id, password)
         values ($1, $2, 'credential', $2, $3)`,
        [crypto.randomBytes(16).toString("hex"), id, await hashPassword(password)],
      );
    }
    for (const [category, sets] of Object.entries(completedSets)) {
      await client.query(
        "insert into quiz_progress (user_id, category, completed_sets) values ($1, $2, $3)",
        [id, category, sets],
      );
    }
    for (const businessId of owns) {
      await client.query(
        "insert into business_owner (business_id, user_id, via) values ($1, $2, 'code')",
        [businessId, id],
      );
    }
    for (const employerId of employs) {
      await client.query(
        "insert into employer_member (employer_id, user_id, via) values ($1, $2, 'founder')",
        [employerId, id],
      );
    }
    for (const childId of parentOf) {
      await client.query(
        `insert into guardian_consent (child_id, parent_email, token_hash, parent_id, text_version,
                                       consented_at)
         values ($1, $2, $3, $4, 1, now())`,
        [childId, player.email, crypto.randomBytes(16).toString("hex"), id],
      );
      await client.query(`update "user" set consent_status = 'given' where id = $1`, [childId]);
    }
    await client.query(
      `insert into session (id, token, user_id, expires_at)
       values ($1, $2, $3, now() + interval '1 day')`,
      [crypto.randomBytes(16).toString("hex"), token, id],
    );
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    client.release();
  }
  const signature = crypto.createHmac("sha256", AUTH_SECRET).update(token).digest("base64");
  return { player, cookieValue: encodeURIComponent(`${token}.${signature}`) };
}

/**
 * A page in a browser context of its own, signed in as a new player (`options`): for a test with
 * two people at once. Requests leaving the site are refused.
 */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  db: pg.Pool,
  options: PlayerOptions,
) {
  const { player, cookieValue } = await createSignedInPlayer(db, options);
  const context = await browser.newContext({ baseURL });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  await context.addCookies([
    { name: SESSION_COOKIE, value: cookieValue, url: baseURL, httpOnly: true, sameSite: "Lax" },
  ]);
  return { player, page: await context.newPage() };
}
