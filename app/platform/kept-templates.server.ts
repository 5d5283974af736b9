/**
 * Visitors' pages kept uncut for players (decision 0078): a player's `/` or `/businesses` is the
 * visitor's page with the player's parts rendered again, so the visitor's page is rendered once
 * per `ttlMs` and address, not once per player. As the visitors' page cache: at most `ttlMs` old,
 * the oldest go first past `maxEntries`, requests that arrive while one is made wait for it, and
 * `clear` (a staff or owner edit) forgets them all. With `ttlMs` 0 nothing is kept: each request
 * makes its own.
 */
export function keptTemplates<T>({
  ttlMs,
  maxEntries,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}) {
  const kept = new Map<string, { expires: number; value: T }>();
  const making = new Map<string, Promise<T | undefined>>();
  // Bumped by `clear`: what was being made before it may hold the old content, so it is not kept.
  let generation = 0;

  const fresh = (key: string) => {
    const entry = kept.get(key);
    if (entry && entry.expires > now()) return entry.value;
    if (entry) kept.delete(key);
    return undefined;
  };

  return {
    /** The kept value for `key`, or the one `make` makes (kept when defined). */
    async get(key: string, make: () => Promise<T | undefined>): Promise<T | undefined> {
      const found = fresh(key);
      if (found !== undefined) return found;
      const pending = making.get(key);
      if (pending) return pending;
      if (ttlMs <= 0) return make();
      const startedIn = generation;
      const promise = make().then((value) => {
        if (value !== undefined && startedIn === generation) {
          kept.set(key, { expires: now() + ttlMs, value });
          if (kept.size > maxEntries) kept.delete(kept.keys().next().value as string);
        }
        return value;
      });
      making.set(key, promise);
      try {
        return await promise;
      } finally {
        if (making.get(key) === promise) making.delete(key);
      }
    },
    clear() {
      generation += 1;
      kept.clear();
      making.clear();
    },
  };
}
