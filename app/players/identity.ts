import { AppError } from "../platform/errors.ts";

/**
 * How a player appears to other players (leaderboard, reviews, questions, follower lists).
 * Children's privacy by default: a player younger than PUBLIC_PROFILE_MIN_AGE starts with a private
 * profile, shown to others by handle and the default picture only, and nobody can open or follow it.
 * Neither the e-mail address nor the age ever leaves this shape.
 */
export const PUBLIC_PROFILE_MIN_AGE = 14;

/**
 * Nothing sold to children (issue 28): while a player under 14 is signed in, no shop, product,
 * plan, promotion or cart. The one rule every page and API of those asks (decision 0062). A
 * signed-in player who never gave an age (a Google sign-up) is not known to be an adult, so is not
 * sold to until they give one (decision 0073); a visitor sees the shop.
 */
export function mayBeSoldTo(viewer: { age: number | null } | null): boolean {
  return viewer === null || (viewer.age !== null && viewer.age >= PUBLIC_PROFILE_MIN_AGE);
}

/** For the shop's, the cart's and the plans' pages and APIs: a child gets 403 and why. */
export function assertMayBeSoldTo(viewer: { age: number | null } | null): void {
  if (!mayBeSoldTo(viewer)) throw new AppError("not_for_sale");
}

/**
 * Whether an account of this age needs a parent's consent before anything about it is collected
 * or shown (Quebec's Law 25, decision 0064): the same line as the private profile.
 */
export function needsConsent(age: number | null | undefined): boolean {
  return typeof age === "number" && age < PUBLIC_PROFILE_MIN_AGE;
}

/** Whether a new account's profile starts public: only with an age given, and 14 or over. */
export function startsPublic(age: number | null | undefined): boolean {
  return typeof age === "number" && age >= PUBLIC_PROFILE_MIN_AGE;
}

/**
 * The words of the handle a child gets: its name would say who they are ("cathy-kid-6300") even on
 * a private profile, where the handle is the name others see. The data migration that renamed the
 * existing children's handles (0021) holds a copy of these lists: change both, or neither.
 */
export const HANDLE_ADJECTIVES = [
  "blue",
  "brave",
  "bright",
  "calm",
  "clever",
  "gentle",
  "golden",
  "happy",
  "jolly",
  "kind",
  "lucky",
  "merry",
  "quick",
  "quiet",
  "silver",
  "sunny",
] as const;
export const HANDLE_ANIMALS = [
  "beaver",
  "bison",
  "caribou",
  "finch",
  "fox",
  "heron",
  "lynx",
  "moose",
  "otter",
  "owl",
  "puffin",
  "rabbit",
  "raccoon",
  "salmon",
  "seal",
  "whale",
] as const;

/** A handle made of words that say nothing about the player, e.g. "blue-otter-4821". */
export function anonymousHandle(random: () => number = Math.random): string {
  const pick = <T>(words: readonly T[]) => words[Math.floor(random() * words.length)];
  return `${pick(HANDLE_ADJECTIVES)}-${pick(HANDLE_ANIMALS)}-${1000 + Math.floor(random() * 9000)}`;
}

export type PlayerRecord = {
  handle: string;
  name: string;
  image: string | null;
  profilePublic: boolean;
};

export type PublicIdentity = {
  handle: string;
  /** The player's name on a public profile; their handle on a private one. */
  displayName: string;
  /** Their picture on a public profile; null (the default picture) on a private one. */
  image: string | null;
  /** Whether others may open the profile view and follow. */
  profilePublic: boolean;
};

export function publicIdentity(player: PlayerRecord): PublicIdentity {
  return player.profilePublic
    ? { handle: player.handle, displayName: player.name, image: player.image, profilePublic: true }
    : { handle: player.handle, displayName: player.handle, image: null, profilePublic: false };
}
