import { processPicture } from "./images.server.ts";
import type { Storage } from "./storage.server.ts";

/** Where the pictures staff upload for posts, products and goals are kept and served from. */
const CONTENT_FOLDER = "content";
const CONTENT_PATH = `/uploads/${CONTENT_FOLDER}/`;

/** The frames content pictures are cropped to, as the site's pages show them. */
export const PICTURE_FRAMES = {
  blogCover: { width: 800, height: 600 },
  product: { width: 800, height: 800 },
  goal: { width: 600, height: 600 },
} as const;

/**
 * Cleans an uploaded picture through the avatars' pipeline (bytes checked, re-encoded, metadata
 * dropped) and stores it; returns the address pages use. A refused picture throws ImageRejected.
 */
export async function saveContentPicture(
  storage: Storage,
  file: Blob,
  frame: keyof typeof PICTURE_FRAMES,
): Promise<string> {
  const picture = await processPicture(
    new Uint8Array(await file.arrayBuffer()),
    PICTURE_FRAMES[frame],
  );
  return `${CONTENT_PATH}${await storage.save(CONTENT_FOLDER, picture, "jpg")}`;
}
