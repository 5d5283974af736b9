import pg from "pg";

/**
 * Tables whose rows are meant to move under the fuzz: rate-limit counters count every request, and
 * sign-in failures every refused sign-in (decision 0034).
 */
export const EXCLUDED_TABLES = [
  "public.rate_limit",
  "public.attempt_window",
  "public.sign_in_failure",
];

/** The scheduler's own bookkeeping (decision 0037), which moves with the clock, not with requests. */
const EXCLUDED_SCHEMAS = ["pgboss"];

/** Per table: row key (its primary key as text) → md5 of the whole row. */
export type Snapshot = Map<string, Map<string, string>>;

export type TableChange = {
  table: string;
  added: string[];
  removed: string[];
  changed: string[];
};

type Table = { name: string; key: string };

async function listTables(client: pg.Client): Promise<Table[]> {
  const { rows } = await client.query<{ name: string; key: string | null }>(`
    select format('%I.%I', n.nspname, c.relname) as name,
           (select string_agg(format('t.%I', a.attname), ', ' order by k.ord)
              from pg_index i
              cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
              join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
             where i.indrelid = c.oid and i.indisprimary) as key
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
       and n.nspname not like 'pg_toast%'
     order by 1`);
  return rows
    .filter(
      (row) =>
        !EXCLUDED_TABLES.includes(row.name) &&
        !EXCLUDED_SCHEMAS.some((schema) => row.name.startsWith(`${schema}.`)),
    )
    .map((row) => ({ name: row.name, key: row.key ? `row(${row.key})::text` : "md5(t::text)" }));
}

/** Every row of every table but the excluded ones, keyed by primary key. */
export async function takeSnapshot(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const snapshot: Snapshot = new Map();
    for (const table of await listTables(client)) {
      const { rows } = await client.query<{ key: string; hash: string }>(
        `select ${table.key} as key, md5(t::text) as hash from ${table.name} t`,
      );
      snapshot.set(table.name, new Map(rows.map((row) => [row.key, row.hash])));
    }
    return snapshot;
  } finally {
    await client.end();
  }
}

export function compareSnapshots(before: Snapshot, after: Snapshot): TableChange[] {
  const changes: TableChange[] = [];
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    const old = before.get(name) ?? new Map<string, string>();
    const now = after.get(name) ?? new Map<string, string>();
    const change: TableChange = {
      table: name,
      added: [...now.keys()].filter((key) => !old.has(key)),
      removed: [...old.keys()].filter((key) => !now.has(key)),
      changed: [...now.keys()].filter((key) => old.has(key) && old.get(key) !== now.get(key)),
    };
    if (change.added.length + change.removed.length + change.changed.length > 0) {
      changes.push(change);
    }
  }
  return changes;
}

/**
 * The rows behind some keys, as JSON, for the report: what a change actually wrote, with the id of
 * the transaction that wrote each (xmin), which points back at the cases under way then.
 */
export async function describeRows(url: string, change: TableChange, limit: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [table] = (await listTables(client)).filter((t) => t.name === change.table);
    if (!table) return [];
    const keys = [...change.changed, ...change.added].slice(0, limit);
    if (keys.length === 0) return [];
    const { rows } = await client.query<{ row: unknown; xmin: string }>(
      `select row_to_json(t) as row, t.xmin::text as xmin from ${table.name} t where ${table.key} = any($1::text[])`,
      [keys],
    );
    return rows.map(({ row, xmin }) => ({ row, xmin: Number(xmin) }));
  } finally {
    await client.end();
  }
}
