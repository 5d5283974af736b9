import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { requireChildOf } from "./family.server.ts";

/**
 * Every table with a column that refers to a player, with those columns (and `user` itself):
 * found in the catalogue, so a new table is exported too.
 */
export async function playerColumns(db: Db | Tx): Promise<Map<string, string[]>> {
  const { rows } = await db.execute<{ table_name: string; column_name: string }>(sql`
    select source.table_name, source.column_name
    from information_schema.referential_constraints as ref
    join information_schema.key_column_usage as source
      on source.constraint_name = ref.constraint_name
      and source.constraint_schema = ref.constraint_schema
    join information_schema.key_column_usage as target
      on target.constraint_name = ref.unique_constraint_name
      and target.constraint_schema = ref.unique_constraint_schema
    where target.table_name = 'user' and target.column_name = 'id'
    order by source.table_name, source.column_name`);
  const tables = new Map<string, string[]>([["user", ["id"]]]);
  for (const { table_name, column_name } of rows)
    tables.set(table_name, [...(tables.get(table_name) ?? []), column_name]);
  return tables;
}

/**
 * Keys that are secrets of the sign-in itself (session tokens, password hashes, two-factor
 * secrets, the consent link's hash): they are not information about the child, and a copy of one
 * would let whoever holds the file act as them.
 */
const SECRET = /token|password|secret|backup_codes/;

/** Another parent's own details on a consent row: theirs, not this parent's to read. */
const OTHER_PARENTS = ["parent_email", "consent_ip"];

/** One table's rows about the child, each as its columns and values. */
type ExportRows = Record<string, unknown>[];

export type ChildExport = {
  handle: string;
  /** When this copy was made (ISO 8601). */
  madeAt: string;
  /** Every table with a player column, by name, with the rows about the child (maybe none). */
  tables: Record<string, ExportRows>;
};

/**
 * Everything the site keeps about a child, for their parent (issue 28): the JSON file and the
 * readable page are both this. Every table that refers to a player gives each row where one of
 * its player columns is the child; in those rows any other player's id is blanked, sign-in
 * secrets are left out, and another parent's address and client address on a consent are
 * blanked. Only a linked parent gets it (anyone else: not_found). One snapshot: read in one
 * repeatable-read transaction.
 */
export async function exportChild(
  db: Db,
  parentId: string,
  childId: string,
  now = new Date(),
): Promise<ChildExport> {
  return db.transaction(
    async (tx) => {
      const child = await requireChildOf(tx, parentId, childId);
      const tables: Record<string, ExportRows> = {};
      for (const [table, columns] of await playerColumns(tx)) {
        const about = sql.join(
          columns.map((column) => sql`${sql.identifier(column)} = ${childId}`),
          sql` or `,
        );
        const { rows } = await tx.execute<Record<string, unknown>>(
          sql`select * from ${sql.identifier(table)} where ${about}`,
        );
        tables[table] = rows.map((row) => ownPart(row, columns, childId, parentId));
      }
      return { handle: child.handle, madeAt: now.toISOString(), tables };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

function ownPart(
  row: Record<string, unknown>,
  playerColumns: string[],
  childId: string,
  parentId: string,
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  const otherParent = "parent_id" in row && row.parent_id !== parentId;
  for (const [key, value] of Object.entries(row)) {
    if (SECRET.test(key)) continue;
    if (playerColumns.includes(key) && value !== childId && value !== parentId) kept[key] = null;
    else if (otherParent && OTHER_PARENTS.includes(key)) kept[key] = null;
    else kept[key] = value instanceof Date ? value.toISOString() : value;
  }
  return kept;
}

/** The file's name: family-<handle>-<date>.json. */
export const exportFileName = (data: ChildExport) =>
  `family-${data.handle}-${data.madeAt.slice(0, 10)}.json`;
