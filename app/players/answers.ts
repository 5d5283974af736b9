import { z } from "zod";
import { REDEEM_STATUSES } from "../db/schema/players.ts";
import { LOCALES } from "../i18n/locale.ts";
import { localizedText } from "../platform/wire.ts";
import { QUIZ_TIMERS } from "../quiz/categories.ts";
import { ACHIEVEMENTS, PLAYER_TYPES } from "./tiers.ts";

/**
 * The JSON API's answers about players (GET /api/me, the leaderboard, profiles, follows, redeem):
 * the routes answer through `jsonAnswer` with these, and the API document is generated from them.
 */

/** Everything the player may see about themselves; never another player's record. */
export const privateProfileSchema = z
  .object({
    id: z.string(),
    name: z.string().meta({ example: "Alice Martin" }),
    email: z.email(),
    emailVerified: z.boolean(),
    image: z.string().nullable().meta({
      description: "Path of the profile picture on this site",
      example: "/uploads/avatars/0f3c9a1e5b7d4c2a8e6f1b3d5a7c9e0f.jpg",
    }),
    handle: z.string().meta({
      description: "Public name in addresses, made from the name",
      example: "alice-martin-4821",
    }),
    age: z
      .int()
      .nullable()
      .meta({ description: "Null for an account made through Google until the player gives it" }),
    profilePublic: z.boolean().meta({
      description:
        "Whether other players may open the profile and follow; false at sign-up under 14",
    }),
    playerType: z
      .enum(PLAYER_TYPES)
      .meta({ description: "'newbie' below tier T1 (100 points earned), then one title per tier" }),
    points: z.int().min(0),
    usesPoints: z.int().min(0).meta({ description: "Points spent" }),
    balance: z.int().min(0).meta({ description: "Points left to spend" }),
    winner: z.int().min(0).meta({ description: "Matches won" }),
    playMatch: z.int().min(0).meta({ description: "Matches played" }),
    notification: z.boolean(),
    quizTimer: z
      .union(QUIZ_TIMERS.map((seconds) => z.literal(seconds)))
      .meta({ description: "Seconds per quiz question; 0 is untimed" }),
    locale: z.enum(LOCALES),
    followers: z.int().min(0),
    following: z.int().min(0),
    completedSets: z.record(z.string(), z.int().min(0)).meta({
      description:
        "Completed question sets per quiz category slug; a category not played is absent",
      example: { math: 3, animal: 1 },
    }),
  })
  .meta({
    description: "Everything the player may see about themselves; never another player's record.",
  });

/** The new picture's address (PUT /api/me/avatar). */
export const avatarSchema = z.object({
  image: z.string().meta({ example: "/uploads/avatars/0f3c9a1e5b7d4c2a8e6f1b3d5a7c9e0f.jpg" }),
});

/** What anyone may see of another player; never the e-mail address or the age. */
export const publicIdentitySchema = z
  .object({
    handle: z.string().meta({ example: "alice-martin-4821" }),
    displayName: z.string().meta({ description: "The name; the handle on a private profile" }),
    image: z.string().nullable().meta({
      description: "Path of the picture; null for the default one (always on a private profile)",
    }),
    profilePublic: z.boolean(),
  })
  .meta({
    description:
      "A player as others see them. A private profile (players under 14 start with one) shows its handle as the name and no picture, and cannot be opened or followed.",
  });

const playerTypeSchema = z.enum(PLAYER_TYPES).meta({
  description: "'newbie' below tier T1 (100 points earned), then one title per tier up to T7",
});

const leaderboardRowSchema = publicIdentitySchema.extend({
  rank: z.int().min(1).meta({ description: "Equal points share a rank: 1, 2, 2, 4" }),
  points: z.int().min(0).meta({ description: "The balance: points left to spend" }),
  playerType: playerTypeSchema,
});

export const leaderboardSchema = z.object({
  page: z.int().min(1),
  pageSize: z.int().min(1),
  total: z.int().min(0).meta({ description: "Players on the board" }),
  pages: z.int().min(1),
  rows: z.array(leaderboardRowSchema),
  me: z
    .object({
      rank: z.int().min(1),
      points: z.int().min(0),
      total: z.int().min(1),
      topPercent: z.int().min(1).max(100).meta({ example: 8 }),
      page: z.int().min(1).meta({ description: "The page that holds the caller" }),
    })
    .nullable()
    .meta({ description: "The caller's own place" }),
});

const achievementSchema = z.object({
  key: z.enum(ACHIEVEMENTS.map((achievement) => achievement.key)),
  points: z.int().meta({ description: "Points earned that it takes" }),
  earned: z.boolean(),
  missing: z.int().min(0).meta({ description: "Points still to earn; 0 once earned" }),
});

export const publicProfileSchema = publicIdentitySchema.extend({
  playerType: playerTypeSchema,
  points: z.int().min(0).meta({ description: "The balance" }),
  playMatch: z.int().min(0).meta({ description: "Matches played" }),
  followers: z.int().min(0),
  following: z.int().min(0),
  followedByMe: z.boolean(),
  completedSets: z.record(z.string(), z.int().min(0).max(20)).meta({ example: { math: 3 } }),
  achievements: z.array(achievementSchema),
});

export const followStateSchema = z.object({
  following: z.boolean().meta({ description: "Whether the caller now follows the player" }),
  followers: z.int().min(0).meta({ description: "The player's follower count" }),
});

export const followListSchema = z.object({
  players: z.array(publicIdentitySchema),
  nextCursor: z
    .string()
    .nullable()
    .meta({ description: "Pass as `cursor` for the next page; null on the last" }),
});

const redeemGoalSchema = z.object({
  slug: z.string().meta({ example: "jigsaw-puzzle" }),
  name: localizedText,
  image: z.string().meta({ example: "/images/redeem/jigsaw-puzzle.svg" }),
  cost: z.int().min(1).meta({ description: "Points" }),
});

export const redeemGoalsSchema = z.object({ goals: z.array(redeemGoalSchema) });

export const redeemRequestViewSchema = z.object({
  id: z.int(),
  goal: redeemGoalSchema,
  cost: z.int().min(1).meta({ description: "The points taken" }),
  status: z.enum(REDEEM_STATUSES),
  note: z
    .string()
    .nullable()
    .meta({ description: "The team's note (fulfilled) or reason (declined); null while pending" }),
  createdAt: z.iso.datetime(),
});

export const redeemRequestsSchema = z.object({ requests: z.array(redeemRequestViewSchema) });
