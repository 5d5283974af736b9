import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { listedPlayer, user } from "../db/schema/accounts.ts";
import { playerBalanceCount } from "../db/schema/players.ts";
import { type PublicIdentity, publicIdentity } from "./identity.ts";
import { type PlayerType, playerTypeFor } from "./tiers.ts";

const LEADERBOARD_PAGE_SIZE = 50;

/**
 * The leaderboard's order (index user_balance_rank_idx): balance, highest first, then handle. Only
 * listed players (`listedPlayer`, the index's own condition): no child waiting for a parent.
 */
const balance = sql`(${user.points} - ${user.usesPoints})`;

type LeaderboardRow = PublicIdentity & {
  rank: number;
  /** The balance: points - usesPoints. */
  points: number;
  playerType: PlayerType;
};

export type LeaderboardPage = {
  page: number;
  pageSize: number;
  /** Players on the board. */
  total: number;
  pages: number;
  rows: LeaderboardRow[];
};

type PlayerRow = {
  handle: string;
  name: string;
  image: string | null;
  profile_public: boolean;
  points: number;
  balance: number;
};

/**
 * Where the row at position `start` (0-based) sits: its balance and how many players of that
 * balance come before it, read from player_balance_count (a few hundred rows), plus the total.
 */
export function pageStartQuery(start: number) {
  return sql`
    with counts as (
      select ${playerBalanceCount.balance} as balance, ${playerBalanceCount.players} as players,
        sum(${playerBalanceCount.players}) over (order by ${playerBalanceCount.balance} desc) as through
      from ${playerBalanceCount} where ${playerBalanceCount.players} > 0
    )
    select (select coalesce(sum(players), 0) from counts)::integer as total,
      target.balance, (${start} - (target.through - target.players))::integer as skip
    from (select 1) as one
    left join lateral (
      select * from counts where through > ${start} order by balance desc limit 1
    ) as target on true`;
}

/** How many players are on the board. */
export function totalQuery() {
  return sql`select coalesce(sum(${playerBalanceCount.players}), 0)::integer as total from ${playerBalanceCount}`;
}

const rowColumns = sql`${user.handle} as handle, ${user.name} as name, ${user.image} as image,
  ${user.profilePublic} as profile_public, ${user.points} as points, ${balance} as balance`;

/**
 * The page's players: from the starting balance down, the first `skip` of that balance passed
 * over. The handle to start from is found by an index-only scan (the index includes both
 * columns of the balance), so skipping deep into a crowded tie never reads the skipped rows;
 * then the rest of that balance and the balances below, each in index order.
 */
export function pageRowsQuery(from: { balance: number; skip: number } | null, size: number) {
  if (!from)
    return sql`select ${rowColumns} from ${user} where ${listedPlayer}
      order by ${balance} desc, ${user.handle} limit ${size}`;
  return sql`
    with start as (
      select ${user.handle} as handle from ${user} where ${balance} = ${from.balance} and ${listedPlayer}
      order by ${user.handle} offset ${from.skip} limit 1
    )
    (select ${rowColumns} from ${user}
      where ${balance} = ${from.balance} and ${listedPlayer} and ${user.handle} >= (select handle from start)
      order by ${user.handle} limit ${size})
    union all
    (select ${rowColumns} from ${user} where ${balance} < ${from.balance} and ${listedPlayer}
      order by ${balance} desc, ${user.handle} limit ${size})
    order by balance desc, handle limit ${size}`;
}

/**
 * One page of the leaderboard. Equal balances share a rank (1, 2, 2, 4): a row's rank is its
 * position when it is the first of its balance, the rank of the row before it otherwise, and the
 * first row's is 1 + the players above its balance.
 */
export async function leaderboardPage(
  db: Db | Tx,
  page: number,
  size = LEADERBOARD_PAGE_SIZE,
): Promise<LeaderboardPage> {
  const start = (page - 1) * size;
  // The first page starts at the top: only the total is needed.
  const [where] =
    start === 0
      ? (await db.execute<{ total: number }>(totalQuery())).rows.map((row) => ({
          ...row,
          balance: Number.MAX_SAFE_INTEGER,
          skip: 0,
        }))
      : (
          await db.execute<{ total: number; balance: number | null; skip: number | null }>(
            pageStartQuery(start),
          )
        ).rows;
  const total = where?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / size));
  if (!where || where.balance === null || where.skip === null)
    return { page, pageSize: size, total, pages, rows: [] };
  const rows = (
    await db.execute<PlayerRow>(
      pageRowsQuery(start === 0 ? null : { balance: where.balance, skip: where.skip }, size),
    )
  ).rows;
  const firstRank = start - where.skip + 1;
  const ranked: LeaderboardRow[] = [];
  for (const [index, row] of rows.entries()) {
    const before = ranked[index - 1];
    const rank = !before
      ? firstRank
      : row.balance === before.points
        ? before.rank
        : start + index + 1;
    ranked.push({
      ...publicIdentity({
        handle: row.handle,
        name: row.name,
        image: row.image,
        profilePublic: row.profile_public,
      }),
      rank,
      points: row.balance,
      playerType: playerTypeFor(row.points),
    });
  }
  return { page, pageSize: size, total, pages, rows: ranked };
}

export type OwnStanding = {
  rank: number;
  points: number;
  total: number;
  /** The smallest share of players the player is among, in whole percent: "top 8%". */
  topPercent: number;
  /** The leaderboard page that holds the player's row. */
  page: number;
};

/** A player's rank: 1 + the players whose balance is higher, from player_balance_count. */
export function rankQuery(playerId: string) {
  return sql`
    select ${balance} as balance,
      1 + coalesce((
        select sum(${playerBalanceCount.players}) from ${playerBalanceCount}
        where ${playerBalanceCount.balance} > ${balance}
      ), 0)::integer as rank,
      (select coalesce(sum(${playerBalanceCount.players}), 0) from ${playerBalanceCount})::integer as total
    from ${user} where ${user.id} = ${playerId} and ${listedPlayer}`;
}

/** Players of the same balance listed before this one (by handle): where on the page they sit. */
export function placeInTieQuery(playerBalance: number, handle: string) {
  return sql`
    select count(*)::integer as before from ${user}
    where ${balance} = ${playerBalance} and ${listedPlayer} and ${user.handle} < ${handle}`;
}

/**
 * The player's own rank and the page that holds them; undefined for an unknown player and for a
 * child waiting for a parent, who is not on the board.
 */
export async function ownStanding(
  db: Db | Tx,
  player: { id: string; handle: string },
  size = LEADERBOARD_PAGE_SIZE,
): Promise<OwnStanding | undefined> {
  const [row] = (
    await db.execute<{ balance: number; rank: number; total: number }>(rankQuery(player.id))
  ).rows;
  if (!row) return undefined;
  const [tie] = (await db.execute<{ before: number }>(placeInTieQuery(row.balance, player.handle)))
    .rows;
  const position = row.rank - 1 + (tie?.before ?? 0);
  return {
    rank: row.rank,
    points: row.balance,
    total: row.total,
    topPercent: Math.max(1, Math.ceil((row.rank / Math.max(1, row.total)) * 100)),
    page: Math.floor(position / size) + 1,
  };
}
