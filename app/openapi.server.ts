import { authApi } from "./auth/openapi.server.ts";
import { blogApi } from "./blog/openapi.ts";
import { directoryApi } from "./directory/openapi.ts";
import { jobsApi } from "./jobs/openapi.ts";
import { inboxApi } from "./jobs/openapi-inbox.ts";
import { assembleApiDocument } from "./platform/openapi.ts";
import { playersApi } from "./players/openapi.ts";
import { communityApi, redeemApi } from "./players/openapi-community.ts";
import { pricingApi } from "./pricing/openapi.ts";
import { quizApi } from "./quiz/openapi.ts";
import { shopApi } from "./shop/openapi.ts";

/**
 * The JSON API's description, served at /api/openapi.json and shown at /api/docs: one part per
 * area that has API routes. app/routes/site/api.openapi.test.ts fails while a route under /api is
 * missing from it.
 */
export const apiDocument = assembleApiDocument([
  directoryApi,
  jobsApi,
  inboxApi,
  blogApi,
  shopApi,
  pricingApi,
  playersApi,
  communityApi,
  redeemApi,
  quizApi,
  authApi,
]);
