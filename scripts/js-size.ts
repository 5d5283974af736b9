/**
 * JavaScript a browser downloads on the first load of a page, gzip-compressed (not a test):
 *   BASE_URL=http://localhost:3000 npm run js-size -- / /businesses
 */
import { firstLoad, formatFirstLoad } from "./first-load.ts";

const base = process.env.BASE_URL ?? "http://localhost:3000";
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["/"];

for (const path of paths) console.log(`${path}: ${formatFirstLoad(await firstLoad(base, path))}`);
