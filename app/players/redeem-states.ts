import type { RedeemStatus } from "../db/schema/players.ts";
import type { Moves } from "../platform/state-machine.ts";

/**
 * A redeem request's states: a child's request (under 14) first waits for a linked parent
 * (awaiting_parent), who approves it (it reaches staff) or declines it (the points go back). Staff
 * see only pending requests, which wait until staff fulfil them (with a note to the player) or
 * decline them (with a reason; the points go back). Both ends are final. Drawn in
 * docs/architecture.md ("Redeem requests, plan requests and players in the console").
 */
export const REDEEM_MOVES: Moves<RedeemStatus> = {
  awaiting_parent: ["pending", "declined"],
  pending: ["fulfilled", "declined"],
  fulfilled: [],
  declined: [],
};
