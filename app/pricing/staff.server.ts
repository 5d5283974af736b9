// The pricing area's console operations (app/staff imports an area only through this module).
export {
  movePlanRequest,
  notePlanRequest,
  openPlanRequests,
  openPlanRequestsCount,
  planRequestForStaff,
  planRequestsOf,
} from "./request-review.server.ts";
export { PLAN_REQUEST_MOVES } from "./request-states.ts";
