import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";

/**
 * Where uploaded files live: a local directory (one host), or an S3-compatible bucket that every
 * host shares (decision 0055). Both keep to the same rules and pass the same tests.
 */
export type Storage = {
  /** Stores the bytes under a new random name and returns that name. */
  save: (folder: string, bytes: Buffer, extension: string) => Promise<string>;
  read: (folder: string, name: string) => Promise<Buffer | null>;
  remove: (folder: string, name: string) => Promise<void>;
  /**
   * Every file this storage gave out in `folder`, with when it was written as this host's clock
   * tells time (a bucket's own clock may differ from it).
   */
  list: (folder: string) => Promise<{ name: string; modified: Date }[]>;
};

/**
 * Every folder files are kept in, and whether its files may ever be fetched by their address. The
 * site serves the public ones under /uploads/{folder}/ (host.server.ts); a private one is read only
 * by the site itself after its own check, and the bucket stores it as a download, never a page. A
 * folder not listed here is refused by both stores.
 */
const FOLDERS = {
  /** Players' pictures. */
  avatars: "public",
  /** The pictures staff give posts, products and goals. */
  content: "public",
  /** Job applicants' CVs: for the employer's eyes (the application e-mail) only. */
  cvs: "private",
  /** The documents players send staff to claim a listing: opened by staff only, one at a time. */
  claims: "private",
} as const satisfies Record<string, "public" | "private">;

type PublicFolder = {
  [F in keyof typeof FOLDERS]: (typeof FOLDERS)[F] extends "public" ? F : never;
}[keyof typeof FOLDERS];

/** The folders /uploads/ serves. */
export const PUBLIC_FOLDERS = Object.keys(FOLDERS).filter(
  (folder): folder is PublicFolder => FOLDERS[folder as keyof typeof FOLDERS] === "public",
);

const isFolder = (folder: string): folder is keyof typeof FOLDERS => Object.hasOwn(FOLDERS, folder);

/** Names this storage ever gives out; anything else asked for is refused before touching the disk. */
const STORED_NAME = /^[a-f0-9]{32}\.[a-z]{3,4}$/;
const newName = (extension: string) => `${randomBytes(16).toString("hex")}.${extension}`;

function checkedFolder(folder: string): keyof typeof FOLDERS {
  if (!isFolder(folder))
    throw new Error(`"${folder}" is not a storage folder (storage.server.ts).`);
  return folder;
}

export function createLocalStorage(root: string): Storage {
  const place = (folder: string, name: string) => {
    if (!STORED_NAME.test(name) || !isFolder(folder)) return null;
    return path.join(root, folder, name);
  };
  return {
    save: async (folder, bytes, extension) => {
      const name = newName(extension);
      const directory = path.join(root, checkedFolder(folder));
      await fs.mkdir(directory, { recursive: true });
      await fs.writeFile(path.join(directory, name), bytes, { flag: "wx" });
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
      if (!isFolder(folder)) return [];
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

/** The bucket's settings, as config.server.ts reads them from S3_*. */
export type S3Settings = {
  bucket: string;
  region: string;
  /** A server other than AWS's (MinIO, Ceph, a test server). */
  endpoint?: string;
  /** Unset: the SDK's own chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Addresses as endpoint/bucket/key rather than bucket.endpoint/key, as MinIO-like servers want. */
  forcePathStyle: boolean;
};

export const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  pdf: "application/pdf",
};

export function createS3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: S3-compatible servers do not all understand the
    // SDK's newer default ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;
  return {
    save: async (folder, bytes, extension) => {
      const name = newName(extension);
      const access = FOLDERS[checkedFolder(folder)];
      // No ACL: the object is as private as the bucket, which lets no one read it (operations.md).
      // Should a private file ever be fetched by its address anyway, it comes as a download.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: `${folder}/${name}`,
          Body: bytes,
          ContentType: CONTENT_TYPES[extension] ?? "application/octet-stream",
          ContentDisposition: access === "private" ? "attachment" : undefined,
        }),
      );
      return name;
    },
    read: async (folder, name) => {
      if (!STORED_NAME.test(name) || !isFolder(folder)) return null;
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: `${folder}/${name}` }),
        );
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    remove: async (folder, name) => {
      if (!STORED_NAME.test(name) || !isFolder(folder)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: `${folder}/${name}` }));
    },
    list: async (folder) => {
      if (!isFolder(folder)) return [];
      const files: { name: string; modified: Date }[] = [];
      let ContinuationToken: string | undefined;
      do {
        const command = new ListObjectsV2Command({
          Bucket,
          Prefix: `${folder}/`,
          ContinuationToken,
        });
        // The bucket stamps objects with its own clock: its answer's Date header says how far that
        // clock is from this host's, so a sweep's grace period holds however the clocks differ.
        let offset = 0;
        command.middlewareStack.add(
          (next) => async (args) => {
            const result = await next(args);
            const date = (result.response as { headers?: Record<string, string> }).headers?.date;
            if (date) offset = Date.now() - new Date(date).getTime();
            return result;
          },
          { step: "deserialize" },
        );
        const page = await client.send(command);
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(folder.length + 1) ?? "";
          if (!STORED_NAME.test(name) || !object.LastModified) continue;
          files.push({ name, modified: new Date(object.LastModified.getTime() + offset) });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return files;
    },
  };
}

/**
 * How old an unreferenced file must be before a sweep removes it: an upload saves its file a moment
 * before its row points to it, or a whole transaction before, inside one, on whichever host took it.
 */
const ORPHAN_AGE_MS = 30 * 60 * 1000;
/** Addresses asked about per query, well under PostgreSQL's limit on parameters. */
const SWEEP_BATCH = 1000;

/**
 * Removes the files of a public folder that no row points to and that are older than ORPHAN_AGE_MS:
 * what an upload cut off between saving and recording, a rolled-back transaction, or a replacement
 * leaves behind. `referenced` says which of the addresses (/uploads/{folder}/{name}) rows still
 * show. Run by the scheduler, once across the fleet; a second run at the same time removes nothing
 * twice, and a file a host has just saved is younger than the grace period by the store's own clock
 * (Storage.list). Returns how many were removed.
 */
export async function sweepOrphans(
  storage: Storage,
  folder: PublicFolder,
  referenced: (addresses: string[]) => Promise<Set<string | null>>,
): Promise<number> {
  const cutoff = Date.now() - ORPHAN_AGE_MS;
  const prefix = `/uploads/${folder}/`;
  // Listed before the rows are read: a file replaced in between is unreferenced either way, and
  // one saved in between is too fresh to be on the list.
  const candidates = (await storage.list(folder))
    .filter((file) => file.modified.getTime() < cutoff)
    .map((file) => `${prefix}${file.name}`);
  let removed = 0;
  for (let start = 0; start < candidates.length; start += SWEEP_BATCH) {
    const batch = candidates.slice(start, start + SWEEP_BATCH);
    const shown = await referenced(batch);
    for (const address of batch.filter((candidate) => !shown.has(candidate))) {
      await storage.remove(folder, address.slice(prefix.length));
      removed++;
    }
  }
  return removed;
}
