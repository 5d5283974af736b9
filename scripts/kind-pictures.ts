/**
 * Writes every colouring of the business kinds' drawings (see KIND_PALETTES in
 * app/directory/kinds.ts): run after drawing or changing `public/images/directory/kinds/<kind>.svg`.
 *   npm run pictures:kinds
 */
import fs from "node:fs/promises";
import path from "node:path";
import { BUSINESS_KINDS, KIND_PALETTES, kindPicture } from "../app/directory/kinds.ts";

const [drawn, ...others] = KIND_PALETTES;
const publicDir = path.join(import.meta.dirname, "..", "public");

for (const kind of BUSINESS_KINDS) {
  const source = await fs.readFile(path.join(publicDir, kindPicture(kind, 0)), "utf8");
  // The sky and the ground are the drawing's first two shapes, and only they use these colours.
  const sky = `rx="24" fill="${drawn.sky}"/>`;
  const ground = `fill="${drawn.ground}"/>`;
  if (!source.includes(sky) || !source.includes(ground)) {
    throw new Error(`${kind}.svg: no sky ${drawn.sky} or ground ${drawn.ground}`);
  }
  for (const [index, palette] of others.entries()) {
    await fs.writeFile(
      path.join(publicDir, kindPicture(kind, index + 1)),
      source
        .replace(/#[0-9a-f]{6}/g, (colour) => palette.colours[colour] ?? colour)
        .replace(sky, `rx="24" fill="${palette.sky}"/>`)
        .replace(ground, `fill="${palette.ground}"/>`),
    );
  }
}
console.log(`${BUSINESS_KINDS.length} kinds, ${others.length} colourings each written.`);
