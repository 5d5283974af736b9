/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the client build,
 * at the highest levels, once: the server sends them as they are instead of compressing the same
 * script again for every visitor. Run by `npm run build` after React Router's build.
 *   node scripts/precompress.ts [build/client]
 */
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { getMimeType } from "hono/utils/mime";
import { COMPRESSIBLE_TYPE, MIN_COMPRESSED_BYTES } from "../app/platform/compression.server.ts";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const root = process.argv[2] ?? "build/client";

const files = fs
  .readdirSync(root, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name))
  .filter((file) => COMPRESSIBLE_TYPE.test(getMimeType(file) ?? ""));

let count = 0;
let before = 0;
let after = 0;
for (const file of files) {
  const bytes = fs.readFileSync(file);
  if (bytes.length < MIN_COMPRESSED_BYTES) continue;
  count += 1;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
  before += bytes.length;
  after += br.length;
}
console.log(
  `Precompressed ${count} files in ${root}: ${(before / 1024).toFixed(0)} KB, ${(after / 1024).toFixed(0)} KB with brotli.`,
);
