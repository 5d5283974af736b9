// The players area's console operations (app/staff imports an area only through this module).
export {
  banPlayer,
  findPlayers,
  liftBan,
  playerForStaff,
  redeemRequestsOf,
  replaceIdentity,
} from "./moderation.server.ts";
export {
  decideRedeemRequest,
  pendingRedeemRequests,
  pendingRedeemRequestsCount,
  redeemRequestForStaff,
} from "./redeem-review.server.ts";
