/**
 * JavaScript a browser downloads on the first load of a page, gzip-compressed: the entry scripts
 * and every module the page preloads (nothing else loads before interaction). Used by
 * `npm run js-size` and by `npm run bench`, which lists every main page (docs/performance.md).
 */
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Database } from "../app/db/client.server.ts";
import { readOutbox } from "../app/platform/email.server.ts";

export type FirstLoad = { path: string; status: number; scripts: number; gzipBytes: number };

export async function firstLoad(base: string, path: string, cookie?: string): Promise<FirstLoad> {
  const page = await fetch(`${base}${path}`, {
    headers: cookie ? { cookie } : {},
    redirect: "manual",
  });
  const html = await page.text();
  const urls = new Set(
    [
      ...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g),
      ...html.matchAll(/import\("([^"]+)"\)/g),
    ].map((m) => m[1] as string),
  );
  let gzipBytes = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer());
    gzipBytes += gzipSync(body, { level: 9 }).length;
  }
  return { path, status: page.status, scripts: urls.size, gzipBytes };
}

export const formatFirstLoad = (load: FirstLoad) =>
  load.status === 200
    ? `${load.scripts} scripts, ${(load.gzipBytes / 1024).toFixed(1)} KB gzip`
    : `answered ${load.status}`;

/** The first address on a page that matches `pattern` (a business or a job of the list). */
async function firstLink(base: string, path: string, pattern: RegExp): Promise<string> {
  const found = pattern.exec(await (await fetch(`${base}${path}`)).text())?.[0];
  if (!found) throw new Error(`No link like ${pattern} on ${path}.`);
  return found;
}

const PLAYER = { email: "bench-first-load@example.com", password: "canoe-portage-42" };

/**
 * A player's session cookie, got as a person gets one: signed up, confirmed through the link of the
 * e-mail the site queued (what /dev/outbox shows), signed in. The player is made on the first run
 * and signed in again on the next ones.
 */
async function signedInCookie(base: string, db: Database): Promise<string> {
  const post = (target: string, body: unknown) =>
    fetch(`${base}${target}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify(body),
    });
  let signedIn = await post("/api/auth/sign-in/email", PLAYER);
  if (!signedIn.ok) {
    const signedUp = await post("/api/auth/sign-up/email", {
      ...PLAYER,
      name: "Bench Player",
      age: 12,
      // Under 14 a parent's address is asked (decision 0064); the parent's consent is written as
      // given below, as scripts/lib/server.ts's signUpConfirmed does.
      parentEmail: `parent-${PLAYER.email}`,
      locale: "en-CA",
    });
    if (!signedUp.ok) throw new Error(`Sign-up answered ${signedUp.status}.`);
    await db.execute(
      sql`update "user" set consent_status = 'given', consent_due_by = null
          where email = ${PLAYER.email}`,
    );
    const mail = (await readOutbox(db)).messages.find((message) => message.to === PLAYER.email);
    const link = mail && /https?:\/\/\S*verify-email\S*/.exec(mail.text)?.[0];
    if (!link) throw new Error("No verification e-mail in the outbox.");
    const confirmed = await fetch(new URL(new URL(link).pathname + new URL(link).search, base), {
      redirect: "manual",
    });
    if (confirmed.status >= 400) throw new Error(`The e-mail's link answered ${confirmed.status}.`);
    signedIn = await post("/api/auth/sign-in/email", PLAYER);
    if (!signedIn.ok) throw new Error(`Sign-in answered ${signedIn.status}.`);
  }
  return signedIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/**
 * The first load of every main page, a visitor's and then a signed-in player's (the quiz, the
 * leaderboard and the profile are only a player's).
 */
export async function mainPageFirstLoads(base: string, db: Database): Promise<FirstLoad[]> {
  const business = await firstLink(base, "/businesses", /\/businesses\/\d+/);
  const job = await firstLink(base, "/jobs", /\/jobs\/\d+/);
  const visitorPages = ["/", "/businesses", business, "/jobs", job, "/blogs", "/shop", "/cart"];
  const loads: FirstLoad[] = [];
  for (const path of [...visitorPages, "/pricing"]) loads.push(await firstLoad(base, path));
  const cookie = await signedInCookie(base, db);
  for (const path of ["/playgames", "/leaderboard", "/profile"])
    loads.push(await firstLoad(base, path, cookie));
  return loads;
}

export function printFirstLoads(loads: FirstLoad[]) {
  console.log("| Page | First load |\n|---|---:|");
  for (const load of loads) console.log(`| \`${load.path}\` | ${formatFirstLoad(load)} |`);
}
