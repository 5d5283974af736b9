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
  if (process.env.TEST_DATABASE_URL) {
    project.provide("adminDatabaseUrl", process.env.TEST_DATABASE_URL);
    return;
  }
  const server = await startEmbeddedDatabase(path.resolve(".data/test-postgres"));
  project.provide("adminDatabaseUrl", server.url);
  return () => server.stop();
}
