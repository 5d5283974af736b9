import type { RedeemStatus } from "../db/schema/players.ts";
import type { Moves } from "../platform/state-machine.ts";

/**
 * A redeem request's states: it waits (pending) until staff fulfil it (with a note to the player)
 * or decline it (with a reason; the points go back). Both ends are final. Drawn in
 * docs/architecture.md ("Redeem requests, plan requests and players in the console").
 */
export const REDEEM_MOVES: Moves<RedeemStatus> = {
  pending: ["fulfilled", "declined"],
  fulfilled: [],
  declined: [],
};
