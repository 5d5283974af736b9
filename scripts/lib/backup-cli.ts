import { BackupError } from "../../app/db/backup.server.ts";
import { ConfigError } from "../../app/platform/config.server.ts";

/** A refusal the operator can act on is said in one line; anything else with its stack. */
export function failWithMessage(error: unknown): void {
  console.error(
    error instanceof BackupError || error instanceof ConfigError ? error.message : error,
  );
  process.exitCode = 1;
}
