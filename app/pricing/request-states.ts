import type { PlanRequestStatus } from "../db/schema/pricing.ts";
import type { Moves } from "../platform/state-machine.ts";

/**
 * A plan request's states: new until staff reach the business (contacted), then won or lost; a
 * request settled on the first call goes from new to won or lost directly. Won and lost are final.
 * Drawn in docs/architecture.md ("Redeem requests, plan requests and players in the console").
 */
export const PLAN_REQUEST_MOVES: Moves<PlanRequestStatus> = {
  new: ["contacted", "won", "lost"],
  contacted: ["won", "lost"],
  won: [],
  lost: [],
};
