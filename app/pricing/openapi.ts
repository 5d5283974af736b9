import { type ApiArea, jsonResponse, PUBLIC, sharedResponse } from "../platform/openapi.ts";
import { planListSchema, planSchema } from "./types.ts";

const TAG = "Pricing";

/** The pricing part of the API document. */
export const pricingApi: ApiArea = {
  tag: { name: TAG, description: "The plans businesses can choose; public and read-only." },
  schemas: { Plan: planSchema, PlanList: planListSchema },
  paths: {
    "/api/pricing": {
      get: {
        operationId: "listPlans",
        tags: [TAG],
        security: PUBLIC,
        summary: "Pricing plans",
        description:
          "Every plan, in the page's order, with its monthly and annual prices: each the full price a business pays, taxes extra.",
        responses: {
          "200": jsonResponse("Every plan", "PlanList"),
          "500": sharedResponse("InternalError"),
        },
      },
    },
  },
};
