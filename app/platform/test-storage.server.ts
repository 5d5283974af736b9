import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import {
  createLocalStorage,
  createS3Storage,
  type S3Settings,
  type Storage,
} from "./storage.server.ts";

/**
 * A local S3-compatible server (s3rver) with one empty bucket, for the storage tests and
 * `npm run cluster-check`: what the site does with a bucket is tried without a cloud account.
 */
export async function startTestBucket() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "bucket-"));
  const bucket = "nearby-test";
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    bucket,
    region: "ca-central-1",
    endpoint: `http://127.0.0.1:${port}`,
    // s3rver's own keys: it checks signatures made with them.
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    forcePathStyle: true,
  };
  return {
    settings,
    /** Makes a stored object look written at `when` (s3rver dates objects by their file's time). */
    backdate: (folder: string, name: string, when: Date) =>
      fs.utimesSync(path.join(directory, bucket, folder, `${name}._S3rver_object`), when, when),
    stop: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

type TestBucket = Awaited<ReturnType<typeof startTestBucket>>;

/** A store to test with; `second` is another host's view of the same files. */
type TestStore = {
  storage: Storage;
  second: Storage;
  backdate: (folder: string, name: string, when: Date) => void;
};

/** Both kinds of store, so that every storage test runs against each (describe.each). */
export function testStores(bucket: () => TestBucket): [string, () => TestStore][] {
  return [
    [
      "the local directory",
      () => {
        const root = fs.mkdtempSync(path.join(os.tmpdir(), "storage-test-"));
        return {
          storage: createLocalStorage(root),
          second: createLocalStorage(root),
          backdate: (folder, name, when) =>
            fs.utimesSync(path.join(root, folder, name), when, when),
        };
      },
    ],
    [
      "an S3 bucket",
      () => ({
        storage: createS3Storage(bucket().settings),
        second: createS3Storage(bucket().settings),
        backdate: bucket().backdate,
      }),
    ],
  ];
}
