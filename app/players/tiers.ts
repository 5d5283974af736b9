/**
 * SPEC.md section 9: tiers T1 to T7 at 100 to 700 points, and the tier ring (a circle of
 * circumference 282.74). Tiers, player types and achievements follow the points a player has earned
 * (`user.points`): spending points on a reward never takes a title or an achievement back
 * (decision 0016). The balance (points - usesPoints) is what can be spent and what the
 * leaderboard ranks.
 */
const TIERS = [
  { id: "T1", points: 100 },
  { id: "T2", points: 200 },
  { id: "T3", points: 300 },
  { id: "T4", points: 400 },
  { id: "T5", points: 500 },
  { id: "T6", points: 600 },
  { id: "T7", points: 700 },
] as const;

type TierId = (typeof TIERS)[number]["id"];

/** The circumference of the ring's circle (r = 45): 2π × 45. */
export const RING_CIRCUMFERENCE = 282.74;

/** Each tier's title, and the one below T1; message keys `playerTypes.<type>`. */
export const PLAYER_TYPES = [
  "newbie",
  "bronze",
  "silver",
  "gold",
  "platinum",
  "diamond",
  "star",
  "legend",
] as const;
export type PlayerType = (typeof PLAYER_TYPES)[number];

/** The highest tier reached with `points`, or undefined below T1. */
function currentTier(points: number) {
  return TIERS.findLast((tier) => points >= tier.points);
}

/** SPEC.md section 4: the first tier whose points exceed the player's; undefined at the top. */
export function nextTier(points: number) {
  return TIERS.find((tier) => tier.points > points);
}

/** 'Newbie Player' below T1, then one title per tier. */
export function playerTypeFor(points: number): PlayerType {
  const tier = currentTier(points);
  return PLAYER_TYPES[tier ? TIERS.indexOf(tier) + 1 : 0] ?? "newbie";
}

export type TierProgress = {
  tiers: { id: TierId; points: number; unlocked: boolean }[];
  /** Undefined once the top tier is reached. */
  next?: { id: TierId; points: number; away: number };
  /** Progress from the tier reached (or 0) to the next one, 0 to 1; 1 at the top. */
  fraction: number;
  /** The ring's stroke-dashoffset: the part of the circumference not drawn. */
  dashOffset: number;
};

export function tierProgress(points: number): TierProgress {
  const next = nextTier(points);
  const from = currentTier(points)?.points ?? 0;
  const fraction = next ? Math.min(1, Math.max(0, (points - from) / (next.points - from))) : 1;
  return {
    tiers: TIERS.map((tier) => ({ ...tier, unlocked: points >= tier.points })),
    next: next && { ...next, away: next.points - points },
    fraction,
    dashOffset: Number((RING_CIRCUMFERENCE * (1 - fraction)).toFixed(2)),
  };
}

/** SPEC.md's achievements, earned at their points (lowest first: the order they come in). */
export const ACHIEVEMENTS = [
  { key: "greatKing", points: 440 },
  { key: "beginnersLuck", points: 620 },
  { key: "expertsBrain", points: 705 },
  { key: "bestPlayer", points: 890 },
] as const;

export type AchievementKey = (typeof ACHIEVEMENTS)[number]["key"];

export function achievementsFor(points: number) {
  return ACHIEVEMENTS.map((achievement) => ({
    ...achievement,
    earned: points >= achievement.points,
    missing: Math.max(0, achievement.points - points),
  }));
}

/** SPEC.md section 9: a goal's bar is the balance over its cost, at most 100 %. */
export function goalPercent(balance: number, cost: number): number {
  if (cost <= 0) return 100;
  return Math.min(100, Math.max(0, Math.floor((balance / cost) * 100)));
}
