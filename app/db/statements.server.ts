import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { QueryResult, QueryResultRow } from "pg";
import type { Db, Tx } from "./client.server.ts";

type Runnable<Result> = { execute(values: Record<string, unknown>): Promise<Result> };
type Preparable<Result> = { prepare(name: string): Runnable<Result> };

/**
 * Statements whose SQL depends only on a few counts and switches (how many words, which filters),
 * each built by Drizzle once per such shape (`key`) and per database handle, then run with each
 * request's values (`sql.placeholder`). Building a search with subqueries costs about 0.3 ms of
 * the server's CPU every time (docs/performance.md), more than the rest of the service. The keys
 * must be few: one statement is kept per key for as long as its handle lives.
 *
 * A shape whose best plan depends on its values (a common word or a rare one) is run unnamed, as
 * Drizzle's own `execute` runs everything: PostgreSQL plans every run for its values. One whose
 * plan does not (`samePlanForAnyValues`) is a named statement, `${name}_${n}`, on the pool's
 * connections that keep one generic plan (`Database.$samePlan`): parsed and planned once per
 * connection (decision 0025). In a transaction it runs there, planned as PostgreSQL chooses.
 */
export function statementCache<Result>(name: string) {
  // Per handle: a statement runs on the pool or the transaction it was built on.
  const byHandle = new WeakMap<Db | Tx, Map<string, Runnable<Result>>>();
  // One name per shape in the whole process, so a connection never sees two texts under one name.
  const names = new Map<string, string>();
  const nameOf = (key: string) => {
    if (!names.has(key)) names.set(key, `${name}_${names.size + 1}`);
    return names.get(key) as string;
  };
  return (
    db: Db | Tx,
    key: string,
    build: (db: Db | Tx) => Preparable<Result>,
    options: { samePlanForAnyValues: boolean },
  ) => {
    let statements = byHandle.get(db);
    if (!statements) {
      statements = new Map();
      byHandle.set(db, statements);
    }
    let statement = statements.get(key);
    if (!statement) {
      // An empty name is pg's unnamed statement.
      statement = options.samePlanForAnyValues
        ? build(("$samePlan" in db && db.$samePlan) || db).prepare(nameOf(key))
        : build(db).prepare("");
      statements.set(key, statement);
    }
    return statement;
  };
}

/** Turns SQL into text and parameters as the site's handles do (client.server.ts: snake_case). */
const dialect = new PgDialect({ casing: "snake_case" });

/**
 * A statement written in SQL (`sql` with `sql.placeholder`s for its values) as `statementCache`
 * builds it: turned into text once, then run with each call's values, its rows as PostgreSQL names
 * the columns (timestamps as text). For the hot paths whose statements are CTEs the query builder
 * cannot write: building the SQL of each call cost more of the server's CPU than the driver.
 */
export function sqlStatement<Row extends QueryResultRow>(query: SQL) {
  const compiled = dialect.sqlToQuery(query);
  return (db: Db | Tx): Preparable<QueryResult<Row>> => ({
    prepare: (name) =>
      db._.session.prepareQuery(compiled, undefined, name, false) as Runnable<QueryResult<Row>>,
  });
}

/** A value of a query, or the placeholder it fills in a statement built once per shape. */
export type Bound<T> = T | Placeholder;

/**
 * The fields of a query (each a value, a list of values, or undefined when not given) with a
 * placeholder in place of each value, the values by placeholder name, and the fields' shape
 * (which are given, how many in each list): the key of their statement.
 */
export function withPlaceholders<Fields extends Record<string, unknown>>(
  fields: Fields,
): { bound: Fields; values: Record<string, unknown>; shape: string } {
  const values: Record<string, unknown> = {};
  const shape: string[] = [];
  const placeholder = (name: string, value: unknown) => {
    values[name] = value;
    return sql.placeholder(name);
  };
  const bound = Object.fromEntries(
    Object.entries(fields).flatMap(([field, value]): [string, unknown][] => {
      if (value === undefined) return [];
      if (!Array.isArray(value)) {
        shape.push(field);
        return [[field, placeholder(field, value)]];
      }
      shape.push(`${field}:${value.length}`);
      return [[field, value.map((each, i) => placeholder(`${field}${i}`, each))]];
    }),
  ) as Fields;
  return { bound, values, shape: shape.join(" ") };
}
