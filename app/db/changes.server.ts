import pg from "pg";

/**
 * What a process knows of changes announced on one PostgreSQL channel (LISTEN): a version that
 * moves on each notification, or null while the process is not listening (not yet connected, or
 * its connection lost), when nothing kept from the database may be trusted. Something kept at
 * version v still holds while `version()` is v: any change committed since it was read has moved
 * the version, as its notification comes after the commit.
 */
export type ChangeFeed = {
  version(): number | null;
  close(): Promise<void>;
};

/** A feed that never listens: nothing is kept (tests and scripts without a server's feed). */
export const NO_CHANGE_FEED: ChangeFeed = { version: () => null, close: async () => {} };

/** How long a lost connection waits before it is opened again. */
const RECONNECT_MS = 1000;

/**
 * Listens on `channel` over a connection of its own (LISTEN needs one for as long as it lasts; a
 * pool's are shared). A lost connection makes the version null until a new one listens again.
 */
export function listenForChanges(
  url: string,
  channel: string,
  log: (line: string) => void = () => {},
): ChangeFeed {
  let version: number | null = null;
  let count = 0;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  /** Ends a connection for good: its late errors are ignored, its notifications no longer count. */
  const drop = (connection: pg.Client | undefined) => {
    connection?.removeAllListeners();
    connection?.on("error", () => {});
    return connection?.end().catch(() => {});
  };

  const lost = (connection: pg.Client, error: Error) => {
    if (client !== connection) return;
    version = null;
    client = undefined;
    log(`the ${channel} notifications' connection closed: ${error.message}`);
    void drop(connection);
    // Unreferenced: a process with nothing else to do may end meanwhile.
    if (!closed) retry = setTimeout(connect, RECONNECT_MS).unref();
  };

  async function connect() {
    retry = undefined;
    const connection = new pg.Client({ connectionString: url });
    client = connection;
    connection.on("notification", () => {
      count += 1;
      if (version !== null) version = count;
    });
    connection.on("error", (error) => lost(connection, error));
    connection.on("end", () => lost(connection, new Error("ended")));
    try {
      await connection.connect();
      await connection.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      // A new count: nothing kept before the connection was lost matches it.
      count += 1;
      if (client === connection && !closed) version = count;
    } catch (error) {
      lost(connection, error as Error);
    }
  }

  void connect();
  return {
    version: () => version,
    async close() {
      closed = true;
      clearTimeout(retry);
      version = null;
      const connection = client;
      client = undefined;
      await drop(connection);
    },
  };
}

/**
 * Values read from the database and kept while `feed` says nothing they were read from changed,
 * for at most `maxAgeMs` (what no notification covers). Each feed keeps its own: two servers in
 * one process (the tests) never share. Without a feed listening, each call reads afresh.
 */
export function keptUntilChanged<T>({
  maxAgeMs,
  maxEntries,
  now = Date.now,
}: {
  maxAgeMs: number;
  maxEntries: number;
  now?: () => number;
}) {
  const kept = new WeakMap<
    ChangeFeed,
    Map<string, { version: number; expires: number; value: T }>
  >();
  return async (feed: ChangeFeed, key: string, read: () => Promise<T>): Promise<T> => {
    const version = feed.version();
    if (version === null) return read();
    let entries = kept.get(feed);
    if (!entries) {
      entries = new Map();
      kept.set(feed, entries);
    }
    const entry = entries.get(key);
    if (entry?.version === version && entry.expires > now()) return entry.value;
    const value = await read();
    // A change committed while it was read has moved the version: what was read may predate it.
    if (feed.version() === version) {
      entries.delete(key);
      entries.set(key, { version, expires: now() + maxAgeMs, value });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    }
    return value;
  };
}
