import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/** Where uploaded files live: a local directory now; an S3-compatible bucket can take its place. */
export type Storage = {
  /** Stores the bytes under a new random name and returns that name. */
  save: (folder: string, bytes: Buffer, extension: string) => Promise<string>;
  read: (folder: string, name: string) => Promise<Buffer | null>;
  remove: (folder: string, name: string) => Promise<void>;
  /** Every file this storage gave out in `folder`, with when it was written. */
  list: (folder: string) => Promise<{ name: string; modified: Date }[]>;
};

/** Names this storage ever gives out; anything else asked for is refused before touching the disk. */
const STORED_NAME = /^[a-f0-9]{32}\.[a-z]{3,4}$/;
const FOLDER = /^[a-z-]+$/;

export function createLocalStorage(root: string): Storage {
  const place = (folder: string, name: string) => {
    if (!STORED_NAME.test(name) || !FOLDER.test(folder)) return null;
    return path.join(root, folder, name);
  };
  return {
    save: async (folder, bytes, extension) => {
      const name = `${randomBytes(16).toString("hex")}.${extension}`;
      await fs.mkdir(path.join(root, folder), { recursive: true });
      await fs.writeFile(path.join(root, folder, name), bytes, { flag: "wx" });
      return name;
    },
    read: async (folder, name) => {
      const file = place(folder, name);
      return file ? fs.readFile(file).catch(() => null) : null;
    },
    remove: async (folder, name) => {
      const file = place(folder, name);
      if (file) await fs.rm(file, { force: true });
    },
    list: async (folder) => {
      if (!FOLDER.test(folder)) return [];
      const directory = path.join(root, folder);
      const names = await fs.readdir(directory).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      const files = await Promise.all(
        names
          .filter((name) => STORED_NAME.test(name))
          .map(async (name) => {
            const stats = await fs.stat(path.join(directory, name)).catch(() => null);
            return stats && { name, modified: stats.mtime };
          }),
      );
      return files.filter((file) => file !== null);
    },
  };
}
