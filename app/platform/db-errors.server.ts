/**
 * A PostgreSQL unique violation (SQLSTATE 23505), as the pg driver raises it or as Drizzle wraps
 * it (in `cause`): on `constraint` when one is named (a second review), else on any unique index.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const cause = (error as { cause?: unknown } | null)?.cause ?? error;
  const { code, constraint: name } = (cause ?? {}) as { code?: string; constraint?: string };
  return code === "23505" && (constraint === undefined || name === constraint);
}
