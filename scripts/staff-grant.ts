import path from "node:path";
import { parseArgs } from "node:util";
import { type DatabaseHandle, openDatabase } from "../app/db/client.server.ts";
import { runningDatabaseUrl } from "../app/db/embedded.server.ts";
import { recordAudit } from "../app/platform/audit.server.ts";
import { readConfig } from "../app/platform/config.server.ts";
import { isAppError } from "../app/platform/errors.ts";
import { changeRole, findMember, type SiteRole } from "../app/staff/roles.server.ts";
import { openConfiguredDatabase } from "./open-database.ts";

// npm run staff:grant -- --email E --role admin|moderator|none: the first admin comes from here
// (issue 25); after that, admins grant roles in the console. Writes the audit row as "cli".

const USAGE = "Usage: npm run staff:grant -- --email alice@example.com --role admin|moderator|none";
const ROLES: Record<string, SiteRole> = { admin: "admin", moderator: "moderator", none: "player" };

/** The command line acts as no member: its audit rows say "cli" for who and in which role. */
const CLI_ACTOR = { id: "cli", role: "cli", clientAddress: null };

/**
 * The site's database: DATABASE_URL, else the embedded PostgreSQL of DATA_DIR, reached through
 * the port in its postmaster.pid while the site runs (it holds the data directory), or started
 * here when it does not.
 */
async function openSiteDatabase(): Promise<DatabaseHandle> {
  const config = readConfig();
  const running = config.DATABASE_URL
    ? undefined
    : runningDatabaseUrl(path.join(config.dataDir, "postgres"));
  if (running) {
    const handle = await openDatabase({
      databaseUrl: running,
      embeddedDataDir: "",
      migrate: false,
    });
    try {
      await handle.db.execute("select 1");
      return handle;
    } catch {
      // A postmaster.pid left by a PostgreSQL that is gone: start one as the site would.
      await handle.close();
    }
  }
  return openConfiguredDatabase();
}

async function main(): Promise<number> {
  let values: { email?: string; role?: string };
  try {
    ({ values } = parseArgs({ options: { email: { type: "string" }, role: { type: "string" } } }));
  } catch {
    values = {};
  }
  const to = values.role === undefined ? undefined : ROLES[values.role];
  if (!values.email || !to) {
    console.error(USAGE);
    return 2;
  }
  const email = values.email;
  const database = await openSiteDatabase();
  try {
    const member = await findMember(database.db, email);
    if (!member || member.email.toLowerCase() !== email.trim().toLowerCase()) {
      console.error(`No account has the e-mail address ${email}.`);
      return 1;
    }
    if (member.role === to) {
      console.log(`${member.email} is already ${to}: nothing changed.`);
      return 0;
    }
    await database.db.transaction(async (tx) => {
      await recordAudit(
        tx,
        CLI_ACTOR,
        (await changeRole(tx, { id: member.id, seen: member.role }, to)).audit,
      );
    });
    console.log(`${member.email} is now ${to} (was ${member.role}).`);
    return 0;
  } catch (error) {
    if (!isAppError(error)) throw error;
    // The conditional UPDATE found another role: someone changed it between the read and the write.
    console.error(`${email} was not changed: their role changed meanwhile. Run the command again.`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
