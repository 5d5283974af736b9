/**
 * The directory's figures at demo size and at scale, each next to its floor (not a test; prints
 * numbers, asserts nothing):
 *   npm run build && npm run bench                              # 3 rounds of 10 s per figure
 *   npm run bench -- --rounds 1 --seconds 3                     # a quick look
 *   npm run bench -- --businesses 200000                        # another size for the large run
 *   npm run bench -- --first-load                               # only the main pages' scripts
 *   npm run bench -- --owners                                   # only issue 26's two rows at scale
 *   npm run bench -- --players                                  # only a player's `/` and `/businesses`
 * It starts with the JavaScript of the main pages' first load (scripts/first-load.ts).
 * Two embedded PostgreSQL servers keep their rows between runs: .data/bench-demo (the demo
 * content) and .data/bench (generated businesses; filling a million takes a few minutes the
 * first time). One built server per database runs as one process each; this process loads them
 * over loopback with --connections kept busy, both sites measured in turn in every round so
 * they see the same machine. Floors: a precompressed static file from the same server, and the
 * bare SQL of the same search run straight on PostgreSQL through a pool of the server's size.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { type Database, type DatabaseHandle, openDatabase } from "../app/db/client.server.ts";
import { countBusinessesByCategory, searchBusinesses } from "../app/directory/businesses.server.ts";
import { CATEGORY_SLUGS } from "../app/directory/categories.ts";
import { editableListing, saveListing } from "../app/directory/listing-edits.server.ts";
import type { ListingForm } from "../app/directory/listing-form.ts";
import { type Manager, managerWrite } from "../app/directory/owners.server.ts";
import { scaleBusinesses } from "../app/directory/scale.server.ts";
import { parseSearch } from "../app/directory/search.ts";
import { seedIfEmpty } from "../app/seed.server.ts";
import { createSignedInPlayer } from "../tests/e2e/players.ts";
import { mainPageFirstLoads, printFirstLoads } from "./first-load.ts";
import { type BuiltServer, startBuiltServer } from "./lib/server.ts";
import {
  alone,
  type Client,
  createClient,
  type LoadResult,
  load,
  PLAYER_SERVER_ENV,
  percentile,
  playerHeaders,
} from "./load.ts";

const { values } = parseArgs({
  options: {
    businesses: { type: "string", default: "1000000" },
    seconds: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "20" },
    port: { type: "string", default: "3900" },
    /** Only the JavaScript of the main pages' first load (a few seconds), not the load figures. */
    "first-load": { type: "boolean", default: false },
    /**
     * Only the owners' rows (issue 26) on the large site: `title=caf` without and with edits, an
     * edit's p95 and its time alone, each round's load average beside it (a few minutes).
     */
    owners: { type: "boolean", default: false },
    /** Only a signed-in player's `/` and `/businesses` (issue 24), on both sites. */
    players: { type: "boolean", default: false },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const largeSize = Number(values.businesses);
/** The server's own pool size (openDatabase's default), for the SQL floors. */
const SERVER_POOL = 10;
const ALONE_COUNT = 30;
/** The issue's "a minute after load". */
const MEMORY_SETTLE_SECONDS = 60;

const SEARCHES = {
  caf: "title=caf",
  cafTorontoRestaurants: "title=caf&location=toronto&category=restaurants",
  fundyBooks: "title=fundy%20books",
} as const;

/**
 * Inputs meant to be slow: 1 and 2 letters that match nothing or little, pieces of words, wildcards,
 * a long word, and the same in the location.
 */
const HOSTILE = [
  "title=zq",
  "title=x",
  "title=q",
  "title=e%20zq",
  "title=%25",
  "title=_",
  "title=qqq",
  "title=a%20b%20c",
  `title=${"zq".repeat(50)}`,
  "location=zq",
  "title=zq&location=yt&category=others",
  "title=e&location=x",
  ...shortTermsInCategories(),
];

/**
 * A short term inside a category: the walk reads the category's part of the ranking, finds
 * nothing, and the fallback asks the term's pieces inside the category (issue 24).
 */
function shortTermsInCategories(): string[] {
  return [
    "title=zz&category=shopping",
    ...CATEGORY_SLUGS.map((slug) => `title=x&category=${slug}`),
  ];
}

type Site = {
  name: string;
  businesses: number;
  database: DatabaseHandle;
  server: BuiltServer;
  client: Client;
  /** Every statement `searchBusinesses` sends is recorded here, for the SQL floors. */
  recorded: { db: Database; statements: { sql: string; params: unknown[] }[] };
  assets: { stylesheet: string; script: string };
};

type Figures = Record<string, number[]>;

const figures = new Map<string, Figures>();
/** The memory figures taken a minute after each round, still to come. */
const minuteAfter: Promise<void>[] = [];
/** The machine's 1-minute load average as each site's round began: how shared the cores were. */
const loadAverages: number[] = [];
/** Which input was slowest alone, each round. */
const worstInputs = new Map<string, string[]>();
function record(site: Site, name: string, value: number) {
  const all = figures.get(site.name) ?? {};
  all[name] = [...(all[name] ?? []), value];
  figures.set(site.name, all);
}

async function openSite(name: string, port: number, fill: (db: Database) => Promise<unknown>) {
  const directory = name === "demo" ? ".data/bench-demo" : ".data/bench";
  const database = await openDatabase({
    databaseUrl:
      name === "demo" ? process.env.BENCH_DEMO_DATABASE_URL : process.env.BENCH_DATABASE_URL,
    embeddedDataDir: path.join(directory, "postgres"),
    maxConnections: SERVER_POOL,
  });
  await fill(database.db);
  const counts = await countBusinessesByCategory(database.db);
  const businesses = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const server = await startBuiltServer({
    databaseUrl: database.url,
    port,
    env: PLAYER_SERVER_ENV,
  });
  const client = createClient(port, connections + 1);
  const statements: Site["recorded"]["statements"] = [];
  const db = drizzle({
    client: database.db.$client,
    casing: "snake_case",
    logger: { logQuery: (sql, params) => statements.push({ sql, params }) },
  }) as unknown as Database;
  const html = await (await fetch(`http://127.0.0.1:${port}/`)).text();
  const asset = (pattern: RegExp) => {
    const found = pattern.exec(html)?.[1];
    if (!found) throw new Error(`No ${pattern} in the home page.`);
    return found;
  };
  return {
    name,
    businesses,
    database,
    server,
    client,
    recorded: { db, statements },
    assets: {
      stylesheet: asset(/href="(\/assets\/app-[^"]+\.css)"/),
      script: asset(/"(\/assets\/framework-[^"]+\.js)"/),
    },
  } satisfies Site;
}

/** The statements one API search sends, as the server would run them. */
async function statementsOf(site: Site, query: string) {
  const parsed = parseSearch(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(`Bad search ${query}`);
  site.recorded.statements.length = 0;
  await searchBusinesses(site.recorded.db, parsed.search.criteria, {
    limit: parsed.search.limit,
    cursor: parsed.search.cursor,
  });
  return [...site.recorded.statements];
}

/** Bare SQL: the search's statements one after another, on a pooled connection. */
async function runStatements(pool: pg.Pool, statements: { sql: string; params: unknown[] }[]) {
  for (const statement of statements) await pool.query(statement.sql, statement.params);
}

async function sqlAlone(site: Site, query: string): Promise<number> {
  const statements = await statementsOf(site, query);
  const pool = site.database.db.$client;
  await runStatements(pool, statements);
  const times: number[] = [];
  for (let i = 0; i < ALONE_COUNT; i++) {
    const started = performance.now();
    await runStatements(pool, statements);
    times.push(performance.now() - started);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

/** The bare SQL under the same load as the API: `connections` loops through the server-sized pool. */
async function sqlUnderLoad(site: Site, query: string): Promise<number> {
  const statements = await statementsOf(site, query);
  const pool = site.database.db.$client;
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        await runStatements(pool, statements);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return percentile(
    latencies.sort((a, b) => a - b),
    95,
  );
}

const loadOf = (
  site: Site,
  path: (i: number) => string,
  expect?: number,
  headers?: Record<string, string> | ((i: number) => Record<string, string>),
) => load(site.client, path, { seconds, connections, expect, headers, pid: site.server.pid });

/**
 * A cookie on every request makes the server render the page for it (visitors without one share
 * pages kept for a few seconds, decision 0019): the cost of a page each time it is kept anew.
 */
const RENDERED = (i: number) => ({ cookie: `bench=${i}` });

function recordLoad(site: Site, name: string, result: LoadResult) {
  record(site, `${name}.cpuMs`, result.cpuMs ?? 0);
  record(site, `${name}.perSecond`, result.perSecond);
  record(site, `${name}.p95`, result.p95);
  record(site, `${name}.errors`, result.errors);
}

/** One round of every figure for one site. */
async function measureRound(site: Site) {
  loadAverages.push(os.loadavg()[0] ?? 0);
  process.stdout.write(`  ${site.name}:`);
  const step = (label: string) => process.stdout.write(` ${label}`);

  step("static");
  recordLoad(site, "stylesheet", await loadOf(site, () => site.assets.stylesheet));
  recordLoad(site, "script", await loadOf(site, () => site.assets.script));

  step("pages");
  recordLoad(site, "businesses", await loadOf(site, () => "/businesses"));
  recordLoad(
    site,
    "businessesRendered",
    await loadOf(site, () => "/businesses", undefined, RENDERED),
  );
  recordLoad(site, "home", await loadOf(site, () => "/", undefined, RENDERED));
  record(site, "businesses.alone", await alone(site.client, "/businesses", ALONE_COUNT));
  record(
    site,
    "businessesRendered.alone",
    await alone(site.client, "/businesses", ALONE_COUNT, RENDERED),
  );
  record(site, "home.alone", await alone(site.client, "/", ALONE_COUNT, RENDERED));
  record(site, "businesses.sqlAlone", await sqlAlone(site, ""));

  step("player");
  await measurePlayer(site);

  step("searches");
  for (const [name, query] of Object.entries(SEARCHES)) {
    recordLoad(site, name, await loadOf(site, () => `/api/businesses?${query}`));
    record(site, `${name}.sqlP95`, await sqlUnderLoad(site, query));
  }

  step("edits");
  await measureEdits(site);

  step("inputs");
  let worst = { time: 0, query: "" };
  for (const query of HOSTILE) {
    const time = await alone(site.client, `/api/businesses?${query}`, 10);
    if (time > worst.time) worst = { time, query };
  }
  record(site, "worst.alone", worst.time);
  record(site, "worst.sqlAlone", await sqlAlone(site, worst.query));
  worstInputs.set(site.name, [...(worstInputs.get(site.name) ?? []), worst.query]);
  record(
    site,
    "caf.alone",
    await alone(site.client, `/api/businesses?${SEARCHES.caf}`, ALONE_COUNT),
  );

  // A visitor's search while every other connection sends the worst inputs at once.
  const victimTimes: number[] = [];
  let victimErrors = 0;
  const flood = loadOf(site, (i) => `/api/businesses?${HOSTILE[i % HOSTILE.length]}`);
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    if ((await site.client.get(`/api/businesses?${SEARCHES.caf}`)).status !== 200) victimErrors++;
    victimTimes.push(performance.now() - started);
  }
  const flooded = await flood;
  record(
    site,
    "victim.p95",
    percentile(
      victimTimes.sort((a, b) => a - b),
      95,
    ),
  );
  record(site, "victim.errors", victimErrors);
  record(site, "flood.perSecond", flooded.perSecond);
  record(site, "flood.errors", flooded.errors);

  record(site, "rss.loaded", site.server.rssMb());
  // Read while the other site is measured: this one rests, as a server does after a burst.
  minuteAfter.push(
    new Promise((resolve) => setTimeout(resolve, MEMORY_SETTLE_SECONDS * 1000)).then(() =>
      record(site, "rss.minuteAfter", site.server.rssMb()),
    ),
  );
  console.log(" done");
}

/** Owners' edits a second while visitors search (issue 26). */
const EDITS_PER_SECOND = 10;
/** The listings the bench's owner edits in turn (each edit on another one, as owners do). */
const EDITED_LISTINGS = 200;
/** The owner of each site's edited listings, made on first use. */
const owners = new Map<Site, { manager: Omit<Manager, "businessId">; ids: number[] }>();
let editSerial = 0;

/**
 * One owner's save of the listing form, as the manage page's action makes it (managerWrite:
 * the manager re-checked, the conditional UPDATE, search columns, version kept, audit row),
 * straight on the site's database; the HTTP around it is a page's.
 */
async function editOnce(site: Site, manager: Omit<Manager, "businessId">, id: number) {
  const db = site.database.db;
  const listing = await editableListing(db, id);
  editSerial += 1;
  // The form as the page would send it once checked; the generated listings' made-up details
  // (postal codes, phones) are written back as they are, not checked again.
  const form: ListingForm = {
    version: listing.version,
    name: listing.name,
    category: listing.category as ListingForm["category"],
    address: listing.address,
    city: listing.city,
    province: listing.province as ListingForm["province"],
    postalCode: listing.postalCode,
    phone: listing.phone,
    website: listing.website,
    contactEmail: listing.contactEmail,
    priceFrom: listing.priceFromCents,
    "description_en-CA": `Edited by the bench (${editSerial}).`,
    "description_fr-CA": listing.description["fr-CA"],
    ownerName: listing.ownerName,
  };
  const owner = { ...manager, businessId: id };
  await managerWrite(db, owner, (tx) => saveListing(tx, owner, form));
}

/** The owner of the site's first EDITED_LISTINGS listings, made on first use. */
async function ownerOf(site: Site) {
  let owner = owners.get(site);
  if (!owner) {
    const rows = await site.database.db.$client.query<{ id: number }>(
      "select id from business order by id limit $1",
      [EDITED_LISTINGS],
    );
    const ids = rows.rows.map((row) => row.id);
    const { player } = await createSignedInPlayer(site.database.db.$client, {
      name: "Bench Owner",
      age: 30,
      owns: ids,
    });
    owner = { manager: { id: player.id, role: "owner", clientAddress: null }, ids };
    owners.set(site, owner);
  }
  return owner;
}

/**
 * `title=caf` at 20 connections while owners save EDITS_PER_SECOND edits a second (each edit
 * started on the clock, whether the last one ended or not), and each edit's time.
 */
async function measureEdits(site: Site) {
  const { manager, ids } = await ownerOf(site);
  const editTimes: number[] = [];
  let editErrors = 0;
  const edits: Promise<void>[] = [];
  const searches = loadOf(site, () => `/api/businesses?${SEARCHES.caf}`);
  const end = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < end; i++) {
    const id = ids[i % ids.length] as number;
    const started = performance.now();
    edits.push(
      editOnce(site, manager, id).then(
        () => {
          editTimes.push(performance.now() - started);
        },
        (error: unknown) => {
          if (editErrors === 0) console.error(`\n  an edit failed: ${String(error)}`);
          editErrors += 1;
        },
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000 / EDITS_PER_SECOND));
  }
  recordLoad(site, "cafWhileEdits", await searches);
  await Promise.all(edits);
  record(
    site,
    "edit.p95",
    percentile(
      editTimes.sort((a, b) => a - b),
      95,
    ),
  );
  record(site, "edit.perSecond", editTimes.length / seconds);
  record(site, "edit.errors", editErrors);
}

/** An edit's own time with nothing else running: median of ALONE_COUNT, one after the other. */
async function editAlone(site: Site) {
  const { manager, ids } = await ownerOf(site);
  const times: number[] = [];
  for (let i = 0; i < ALONE_COUNT; i++) {
    const started = performance.now();
    await editOnce(site, manager, ids[i % ids.length] as number);
    times.push(performance.now() - started);
  }
  record(
    site,
    "edit.alone",
    percentile(
      times.sort((a, b) => a - b),
      50,
    ),
  );
}

/** A signed-in player's session on each site, made on first use. */
const players = new Map<Site, Record<string, string>>();

/**
 * `/` and `/businesses` as a signed-in player with a real session (the kept visitor's page with
 * the player's parts rendered again, decision 0078), with the server's CPU per request beside each.
 */
async function measurePlayer(site: Site) {
  let player = players.get(site);
  if (!player) {
    player = await playerHeaders(site.database.db.$client);
    players.set(site, player);
  }
  for (const [name, path] of [
    ["playerHome", "/"],
    ["playerBusinesses", "/businesses"],
  ] as const) {
    const result = await load(site.client, () => path, {
      seconds,
      connections,
      headers: player,
      pid: site.server.pid,
    });
    recordLoad(site, `${name}Rendered`, result);
    record(site, `${name}Rendered.alone`, await alone(site.client, path, ALONE_COUNT, player));
  }
}

/** The player's rows of the table (measurePlayer's figures). */
function playerRows(
  row: (target: string, cells: string[], floors: string[], goal: string) => void,
  cell: (site: Site, name: string) => string,
) {
  for (const [name, label] of [
    ["playerHome", "`/`"],
    ["playerBusinesses", "`/businesses`"],
  ] as const) {
    row(
      `${label} for a signed-in player, rendered: req/s, p95, CPU a request; alone`,
      sites.map((site) => cell(site, `${name}Rendered`)),
      [],
      "≥ 400 req/s, alone ≤ 2.5 ms",
    );
  }
}

// ---- run ----

const started = new Date();
if (values.owners) {
  await measureOwners();
  process.exit(0);
}
if (values.players) {
  await measurePlayers();
  process.exit(0);
}
console.log(`Opening the demo site and the ${largeSize.toLocaleString("en-CA")}-business site…`);
const demo = await openSite("demo", Number(values.port), (db) => seedIfEmpty(db));
const large = await openSite("large", Number(values.port) + 1, (db) =>
  scaleBusinesses(db, largeSize, (done) =>
    process.stdout.write(`\r  ${done.toLocaleString("en-CA")} generated businesses`),
  ),
);
const sites = [demo, large];
try {
  console.log("\nJavaScript on the first load of the main pages (demo site):\n");
  printFirstLoads(
    // The server's own origin (BASE_URL's default): signing up checks the request's Origin.
    await mainPageFirstLoads(`http://localhost:${demo.server.port}`, demo.database.db),
  );
  if (!values["first-load"]) await measureLoad();
} finally {
  for (const site of sites) {
    site.client.close();
    await site.server.stop();
    await site.database.close();
  }
}

async function measureLoad() {
  for (const site of sites)
    await load(site.client, () => "/businesses", { seconds: 2, connections });
  // Past the server's idle collection (server.ts), as a running server is between visits.
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  for (const site of sites) record(site, "rss.idle", site.server.rssMb());
  for (let round = 1; round <= rounds; round++) {
    console.log(`\nRound ${round} of ${rounds} (${seconds} s per figure):`);
    for (const site of sites) await measureRound(site);
  }
  console.log(
    `\nWaiting for the last memory figure, ${MEMORY_SETTLE_SECONDS} s after the last load…`,
  );
  await Promise.all(minuteAfter);
  printTable(started);
}

/**
 * `--owners`: issue 26's two rows on the large site alone, each round's figures on a line with the
 * load average it began at (the edits are in this process; the searches go to the built server).
 */
async function measureOwners() {
  console.log(`Opening the ${largeSize.toLocaleString("en-CA")}-business site…`);
  const site = await openSite("large", Number(values.port) + 1, (db) =>
    scaleBusinesses(db, largeSize, (done) =>
      process.stdout.write(`\r  ${done.toLocaleString("en-CA")} generated businesses`),
    ),
  );
  try {
    await load(site.client, () => `/api/businesses?${SEARCHES.caf}`, { seconds: 2, connections });
    const at = (name: string) => figures.get(site.name)?.[name]?.at(-1) ?? 0;
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    for (let round = 1; round <= rounds; round++) {
      const loadAverage = os.loadavg()[0] ?? 0;
      recordLoad(site, "caf", await loadOf(site, () => `/api/businesses?${SEARCHES.caf}`));
      await measureEdits(site);
      await editAlone(site);
      record(
        site,
        "caf.alone",
        await alone(site.client, `/api/businesses?${SEARCHES.caf}`, ALONE_COUNT),
      );
      console.log(
        `round ${round}, load average ${loadAverage.toFixed(1)}–${(os.loadavg()[0] ?? 0).toFixed(1)}, ${site.businesses.toLocaleString("en-CA")} businesses, ${connections} connections, ${seconds} s:\n` +
          `  title=caf, no edits: p95 ${ms(at("caf.p95"))} (${at("caf.perSecond").toFixed(0)} req/s), CPU ${at("caf.cpuMs").toFixed(2)} ms a request, ${at("caf.errors")} errors\n` +
          `  title=caf while owners save ${EDITS_PER_SECOND} edits a second: p95 ${ms(at("cafWhileEdits.p95"))} (${at("cafWhileEdits.perSecond").toFixed(0)} req/s), CPU ${at("cafWhileEdits.cpuMs").toFixed(2)} ms a request, ${at("cafWhileEdits.errors")} errors   [goal ≤ 50 ms]\n` +
          `  an owner's edit under that load: p95 ${ms(at("edit.p95"))} (${at("edit.perSecond").toFixed(1)} edits/s done), ${at("edit.errors")} errors   [goal ≤ 100 ms]\n` +
          `  alone: an edit ${ms(at("edit.alone"))}, title=caf ${ms(at("caf.alone"))} (medians of ${ALONE_COUNT})`,
      );
    }
  } finally {
    site.client.close();
    await site.server.stop();
    await site.database.close();
  }
}

/**
 * `--players`: a signed-in player's `/` and `/businesses` on both sites, each round's figures on a
 * line with the load average it began at.
 */
async function measurePlayers() {
  const demo = await openSite("demo", Number(values.port), (db) => seedIfEmpty(db));
  const large = await openSite("large", Number(values.port) + 1, (db) =>
    scaleBusinesses(db, largeSize, (done) =>
      process.stdout.write(`\r  ${done.toLocaleString("en-CA")} generated businesses`),
    ),
  );
  try {
    for (let round = 1; round <= rounds; round++) {
      for (const site of [demo, large]) {
        const loadAverage = os.loadavg()[0] ?? 0;
        await measurePlayer(site);
        const at = (name: string) => figures.get(site.name)?.[name]?.at(-1) ?? 0;
        const line = (name: string, label: string) =>
          `  ${label}: ${at(`${name}Rendered.perSecond`).toFixed(0)} req/s, p95 ${at(`${name}Rendered.p95`).toFixed(1)} ms, CPU ${at(`${name}Rendered.cpuMs`).toFixed(2)} ms a request, alone ${at(`${name}Rendered.alone`).toFixed(2)} ms, ${at(`${name}Rendered.errors`)} errors   [goal ≥ 400 req/s, alone ≤ 2.5 ms]`;
        console.log(
          `round ${round}, ${site.businesses.toLocaleString("en-CA")} businesses, load average ${loadAverage.toFixed(1)}–${(os.loadavg()[0] ?? 0).toFixed(1)}, ${connections} connections, ${seconds} s:\n` +
            `${line("playerHome", "/")}\n${line("playerBusinesses", "/businesses")}`,
        );
      }
    }
  } finally {
    for (const site of [demo, large]) {
      site.client.close();
      await site.server.stop();
      await site.database.close();
    }
  }
}

// ---- report ----

function printTable(at: Date) {
  const of = (site: Site, name: string) => figures.get(site.name)?.[name] ?? [];
  const median = (list: number[]) =>
    percentile(
      [...list].sort((a, b) => a - b),
      50,
    );
  const ms = (value: number) => `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;
  const rate = (value: number) => `${Math.round(value).toLocaleString("en-CA")}`;
  /** "median (min–max)" over the rounds. */
  const spread = (list: number[], format: (value: number) => string) =>
    list.length > 1
      ? `${format(median(list))} (${format(Math.min(...list))}–${format(Math.max(...list))})`
      : format(list[0] ?? 0);
  const errors = (site: Site, name: string) => {
    const count = of(site, `${name}.errors`).reduce((sum, n) => sum + n, 0);
    return count > 0 ? `, **${count} errors**` : "";
  };
  const both = (cell: (site: Site) => string) => sites.map(cell);
  /** The server's CPU per request under a load, median over the rounds. */
  const cpuOf = (site: Site, name: string) => `${median(of(site, `${name}.cpuMs`)).toFixed(2)} ms`;
  const rows: string[][] = [];
  const row = (target: string, cells: string[], floors: string[], goal: string) =>
    rows.push([target, cells[0] ?? "", cells[1] ?? "", floors.join(" / "), goal]);

  row(
    "`/businesses` page for visitors (kept up to 5 s), 20 connections: req/s, p95, CPU a request",
    both(
      (site) =>
        `${spread(of(site, "businesses.perSecond"), rate)} req/s, p95 ${ms(median(of(site, "businesses.p95")))}, CPU ${cpuOf(site, "businesses")}${errors(site, "businesses")}`,
    ),
    both((site) => `${rate(median(of(site, "stylesheet.perSecond")))} req/s static`),
    "≥ 500 req/s",
  );
  row(
    "`/businesses` alone (median of 30)",
    both((site) => spread(of(site, "businesses.alone"), ms)),
    both((site) => `SQL ${ms(median(of(site, "businesses.sqlAlone")))}`),
    "≤ 4 ms",
  );
  row(
    "`/businesses` rendered for each request (another cookie each time), 20 connections: req/s, p95, CPU a request; alone",
    both(
      (site) =>
        `${spread(of(site, "businessesRendered.perSecond"), rate)} req/s, p95 ${ms(median(of(site, "businessesRendered.p95")))}, CPU ${cpuOf(site, "businessesRendered")}; alone ${ms(median(of(site, "businessesRendered.alone")))}${errors(site, "businessesRendered")}`,
    ),
    [],
    "(no goal: a player's page)",
  );
  row(
    "`/businesses` as a share of a precompressed static file (the stylesheet, br)",
    both((site) => {
      const shares = of(site, "businesses.perSecond").map(
        (value, i) => (100 * value) / (of(site, "stylesheet.perSecond")[i] ?? 1),
      );
      return spread(shares, (value) => `${value.toFixed(0)}%`);
    }),
    [],
    "≥ 25%",
  );
  const homeRatio = of(large, "home.perSecond").map(
    (value, i) => (of(demo, "home.perSecond")[i] ?? 0) / value,
  );
  row(
    "`/` page rendered for each request (another cookie each time), 20 connections: req/s, p95, CPU a request; alone",
    both(
      (site) =>
        `${spread(of(site, "home.perSecond"), rate)} req/s, p95 ${ms(median(of(site, "home.p95")))}, CPU ${cpuOf(site, "home")}; alone ${ms(median(of(site, "home.alone")))}${errors(site, "home")}`,
    ),
    [`large/demo time ratio ${spread(homeRatio, (value) => `${value.toFixed(2)}×`)}`],
    "large within 1.2× of demo",
  );
  playerRows(
    row,
    (site, name) =>
      `${spread(of(site, `${name}.perSecond`), rate)} req/s, p95 ${ms(median(of(site, `${name}.p95`)))}, CPU ${cpuOf(site, name)}; alone ${ms(median(of(site, `${name}.alone`)))}${errors(site, name)}`,
  );
  row(
    "worst input alone (median of 10 each)",
    both((site) => {
      const worst = (worstInputs.get(site.name) ?? []).map(
        (query) => `\`${decodeURIComponent(query).slice(0, 24)}\``,
      );
      return `${spread(of(site, "worst.alone"), ms)} (${[...new Set(worst)].join(", ")})`;
    }),
    both((site) => `SQL ${ms(median(of(site, "worst.sqlAlone")))}`),
    "≤ 50 ms",
  );
  row(
    "`title=caf` p95 for one visitor while 20 connections send those inputs",
    both(
      (site) =>
        `${spread(of(site, "victim.p95"), ms)}; inputs ${rate(median(of(site, "flood.perSecond")))} req/s${errors(site, "victim")}${errors(site, "flood")}`,
    ),
    both((site) => `\`caf\` alone ${ms(median(of(site, "caf.alone")))}`),
    "no stall",
  );
  for (const [name, label] of [
    ["caf", "`title=caf`"],
    ["cafTorontoRestaurants", "`caf` + `toronto` + `restaurants`"],
    ["fundyBooks", "`title=fundy books`"],
  ] as const) {
    row(
      `${label}, 20 connections: p95 (req/s)`,
      both(
        (site) =>
          `${spread(of(site, `${name}.p95`), ms)} (${rate(median(of(site, `${name}.perSecond`)))})${errors(site, name)}`,
      ),
      both((site) => `SQL ${ms(median(of(site, `${name}.sqlP95`)))}`),
      "≤ 50 ms",
    );
  }
  row(
    `\`title=caf\` while owners save ${EDITS_PER_SECOND} edits a second, 20 connections: p95 (req/s), CPU a request`,
    both(
      (site) =>
        `${spread(of(site, "cafWhileEdits.p95"), ms)} (${rate(median(of(site, "cafWhileEdits.perSecond")))}), CPU ${cpuOf(site, "cafWhileEdits")}${errors(site, "cafWhileEdits")}`,
    ),
    both((site) => `\`caf\` alone ${ms(median(of(site, "caf.alone")))}`),
    "≤ 50 ms",
  );
  row(
    `an owner's edit (the listing form's save, one transaction) at ${EDITS_PER_SECOND} a second, under that search load: p95 (edits/s)`,
    both(
      (site) =>
        `${spread(of(site, "edit.p95"), ms)} (${median(of(site, "edit.perSecond")).toFixed(1)})${errors(site, "edit")}`,
    ),
    [],
    "≤ 100 ms",
  );
  row(
    "the framework script (React, React Router: 345 KB, br), 20 connections: req/s",
    both((site) => `${spread(of(site, "script.perSecond"), rate)}${errors(site, "script")}`),
    [],
    "precompressed, immutable",
  );
  row(
    "server memory (RSS, MB): idle; each round's end → a minute later",
    both((site) => {
      const later = of(site, "rss.minuteAfter");
      const rounds = of(site, "rss.loaded").map(
        (loaded, i) => `${rate(loaded)} → ${rate(later[i] ?? 0)}`,
      );
      return `${rate(median(of(site, "rss.idle")))}; ${rounds.join("; ")}`;
    }),
    [],
    "within 50 MB of idle a minute later, no growth",
  );
  const cpu = fs.readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.*)/)?.[1];
  console.log(
    `\n${at.toISOString().slice(0, 10)}, ${rounds} round(s) of ${seconds} s per figure, ${connections} connections, ${cpu ?? "unknown CPU"}, ${navigator.hardwareConcurrency} cores, Node ${process.versions.node}, load average ${Math.min(...loadAverages).toFixed(1)}–${Math.max(...loadAverages).toFixed(1)}. Median (min–max) over the rounds; CPU is the server process's (user + system) per request.\n`,
  );
  const header = [
    "Target",
    `demo (${demo.businesses.toLocaleString("en-CA")} businesses)`,
    `${large.businesses.toLocaleString("en-CA")} businesses`,
    "floor (demo / large)",
    "goal",
  ];
  console.log(`| ${header.join(" | ")} |`);
  console.log(`|${header.map(() => "---").join("|")}|`);
  for (const cells of rows) console.log(`| ${cells.join(" | ")} |`);
}
