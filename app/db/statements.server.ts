import { type Placeholder, sql } from "drizzle-orm";
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
 * The statements stay unnamed, as Drizzle's own `execute` leaves them: PostgreSQL plans every run
 * for its values, because a common word and a rare one need different plans, and a named
 * statement would soon be given one generic plan for both.
 */
export function statementCache<Result>() {
  // Per handle: a statement runs on the pool or the transaction it was built on.
  const byHandle = new WeakMap<Db | Tx, Map<string, Runnable<Result>>>();
  return (db: Db | Tx, key: string, build: (db: Db | Tx) => Preparable<Result>) => {
    let statements = byHandle.get(db);
    if (!statements) {
      statements = new Map();
      byHandle.set(db, statements);
    }
    let statement = statements.get(key);
    if (!statement) {
      // An empty name is pg's unnamed statement.
      statement = build(db).prepare("");
      statements.set(key, statement);
    }
    return statement;
  };
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
