/**
 * Lints the OpenAPI document the site serves with Redocly's recommended rules (npm run lint:api):
 * the document is built from the code, so it is written to a temporary file first.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { apiDocument } from "../app/openapi.server.ts";

const directory = fs.mkdtempSync(path.join(os.tmpdir(), "nearby-openapi-"));
const file = path.join(directory, "openapi.json");
try {
  fs.writeFileSync(file, JSON.stringify(apiDocument, null, 2));
  const { status } = spawnSync("redocly", ["lint", "--extends", "recommended", file], {
    stdio: "inherit",
    env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
  process.exitCode = status ?? 1;
} finally {
  fs.rmSync(directory, { recursive: true, force: true });
}
