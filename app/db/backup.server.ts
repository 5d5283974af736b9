import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import { latestMigration } from "./client.server.ts";

/**
 * Backups of the site's data (decision 0044): every table of the `public` schema as PostgreSQL's
 * own COPY text, gzipped, one file a table, with the sequences' positions and the migration the
 * rows belong to in manifest.json; and, with the local store, a copy of the uploads. Not pg_dump:
 * the embedded package ships no pg_dump, and Debian 12's is PostgreSQL 15's, which refuses to dump
 * a PostgreSQL 18 server. The schema itself is not in the backup: it is the code's migrations.
 * pg-boss's schema (queues, the tasks' history) is left out; the servers make its queues again.
 */

const SCHEMA = "public";
const FORMAT = "nearby-backup-1";

type TableEntry = { name: string; columns: string[]; file: string };
type Manifest = {
  format: typeof FORMAT;
  createdAt: string;
  /** The newest migration applied when the backup was made: a restore needs the same. */
  migration: number;
  tables: TableEntry[];
  sequences: { name: string; value: string | null }[];
  uploads: boolean;
};

export class BackupError extends Error {}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The tables, each with its columns that hold data (generated columns are computed again). */
async function tablesOf(client: pg.Client): Promise<Omit<TableEntry, "file">[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `select c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                          and a.attgenerated = ''
      where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition
      group by c.relname
      order by c.relname`,
    [SCHEMA],
  );
  return rows;
}

/** The tables in an order that loads every referenced row before the rows that refer to it. */
async function loadOrder(client: pg.Client, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
       join pg_namespace n on n.oid = child.relnamespace
      where k.contype = 'f' and n.nspname = $1 and child.oid <> parent.oid`,
    [SCHEMA],
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: string) => {
    if (placed.has(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const { parent } of rows.filter((row) => row.child === table)) place(parent);
    visiting.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table);
  return ordered;
}

async function connect(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

/** The newest migration the database has, 0 when none. */
async function appliedMigration(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ latest: string | null }>(
    "select max(created_at) as latest from drizzle.__drizzle_migrations",
  );
  return Number(rows[0]?.latest ?? 0);
}

/**
 * Writes the database at `databaseUrl` (and `uploadsDir`, when given) into the new folder `target`.
 * One repeatable-read transaction reads every table, so the backup is one consistent moment even
 * while the site runs.
 */
export async function backUp(options: {
  databaseUrl: string;
  uploadsDir?: string;
  target: string;
}): Promise<Manifest> {
  if (fs.existsSync(options.target))
    throw new BackupError(`${options.target} already exists: give a new folder.`);
  fs.mkdirSync(path.join(options.target, "tables"), { recursive: true });
  const client = await connect(options.databaseUrl);
  try {
    await client.query("begin isolation level repeatable read read only");
    const migration = await appliedMigration(client);
    const tables: TableEntry[] = [];
    for (const table of await tablesOf(client)) {
      const file = `tables/${table.name}.copy.gz`;
      const columns = table.columns.map(quote).join(", ");
      await pipeline(
        client.query(copyTo(`copy ${SCHEMA}.${quote(table.name)} (${columns}) to stdout`)),
        createGzip(),
        fs.createWriteStream(path.join(options.target, file)),
      );
      tables.push({ ...table, file });
    }
    const { rows: sequences } = await client.query<{ name: string; value: string | null }>(
      "select sequencename as name, last_value::text as value from pg_sequences where schemaname = $1",
      [SCHEMA],
    );
    await client.query("commit");
    const uploads = Boolean(options.uploadsDir && fs.existsSync(options.uploadsDir));
    if (uploads && options.uploadsDir)
      fs.cpSync(options.uploadsDir, path.join(options.target, "uploads"), { recursive: true });
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      migration,
      tables,
      sequences,
      uploads,
    };
    fs.writeFileSync(
      path.join(options.target, "manifest.json"),
      `${JSON.stringify(manifest, null, 2)}\n`,
    );
    return manifest;
  } finally {
    await client.end();
  }
}

/**
 * Puts the database at `databaseUrl` (migrated to the backup's migration) back to the backup in
 * `source`, in one transaction: every table emptied and loaded, the sequences where they were. With
 * `uploadsDir`, the uploads folder becomes the backup's copy. No server may use the database
 * meanwhile.
 */
export async function restore(options: {
  databaseUrl: string;
  uploadsDir?: string;
  source: string;
}): Promise<Manifest> {
  const manifestFile = path.join(options.source, "manifest.json");
  if (!fs.existsSync(manifestFile))
    throw new BackupError(`${options.source} holds no backup (no manifest.json).`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Manifest;
  if (manifest.format !== FORMAT)
    throw new BackupError(`${options.source} is not a backup this version can read.`);
  if (manifest.migration !== latestMigration())
    throw new BackupError(
      "The backup was made at another migration than this code's: restore it with the version " +
        "of the site that made it, then start this version, which migrates it.",
    );
  const client = await connect(options.databaseUrl);
  try {
    const migration = await appliedMigration(client);
    if (migration !== manifest.migration)
      throw new BackupError("The database is not migrated to the backup's migration yet.");
    const current = (await tablesOf(client)).map((table) => table.name);
    const missing = manifest.tables.filter((table) => !current.includes(table.name));
    if (missing.length)
      throw new BackupError(`The database lacks tables: ${missing.map((t) => t.name).join(", ")}.`);
    const all = current.map((name) => `${SCHEMA}.${quote(name)}`);
    await client.query("begin");
    // The tables' own triggers keep counts and word lists in other tables, which the backup holds
    // as they were: off while loading (foreign keys stay checked), on again before commit.
    for (const table of all) await client.query(`alter table ${table} disable trigger user`);
    await client.query(`truncate ${all.join(", ")}`);
    const byName = new Map(manifest.tables.map((table) => [table.name, table]));
    for (const name of await loadOrder(client, [...byName.keys()])) {
      const table = byName.get(name) as TableEntry;
      const columns = table.columns.map(quote).join(", ");
      await pipeline(
        fs.createReadStream(path.join(options.source, table.file)),
        createGunzip(),
        client.query(copyFrom(`copy ${SCHEMA}.${quote(name)} (${columns}) from stdin`)),
      );
    }
    for (const sequence of manifest.sequences) {
      const name = `${SCHEMA}.${quote(sequence.name)}`;
      if (sequence.value === null)
        await client.query("select setval($1::regclass, 1, false)", [name]);
      else await client.query("select setval($1::regclass, $2::bigint)", [name, sequence.value]);
    }
    for (const table of all) await client.query(`alter table ${table} enable trigger user`);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
  if (options.uploadsDir && manifest.uploads) {
    fs.rmSync(options.uploadsDir, { recursive: true, force: true });
    fs.cpSync(path.join(options.source, "uploads"), options.uploadsDir, { recursive: true });
  }
  return manifest;
}
