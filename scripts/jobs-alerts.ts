/**
 * Mails each confirmed job alert the new postings that match it since its last mail:
 *   npm run jobs:alerts
 * Run it on a schedule (cron, a systemd timer), daily for instance. The mails are queued in the
 * outbox; a running server's mail worker sends them at once (decision 0006).
 */
import { sendAlertDigests } from "../app/jobs/alerts.server.ts";
import { readConfig } from "../app/platform/config.server.ts";
import { openConfiguredDatabase } from "./open-database.ts";

const config = readConfig();
const database = await openConfiguredDatabase();
try {
  const { alerts, mailed } = await sendAlertDigests(database.db, { baseUrl: config.baseUrl });
  console.log(`Job alerts: ${alerts} confirmed, ${mailed} mailed new postings.`);
} finally {
  await database.close();
}
