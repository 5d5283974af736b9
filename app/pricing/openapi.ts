import { LOCALES } from "../i18n/locale.ts";
import {
  type ApiArea,
  PUBLIC,
  type Schema,
  schemaRef,
  sharedResponse,
} from "../platform/openapi.ts";

const TAG = "Pricing";

const localizedText: Schema = {
  type: "object",
  required: [...LOCALES],
  properties: Object.fromEntries(LOCALES.map((locale) => [locale, { type: "string" }])),
};

const plan: Schema = {
  type: "object",
  required: [
    "id",
    "slug",
    "name",
    "summary",
    "features",
    "monthlyPriceCents",
    "annualPriceCents",
    "annualSavingsCents",
    "recommended",
  ],
  properties: {
    id: { type: "integer" },
    slug: { type: "string", example: "business" },
    name: localizedText,
    summary: localizedText,
    features: {
      type: "object",
      required: [...LOCALES],
      properties: Object.fromEntries(
        LOCALES.map((locale) => [locale, { type: "array", items: { type: "string" } }]),
      ),
    },
    monthlyPriceCents: {
      type: "integer",
      minimum: 0,
      description: "The full price per month, in cents CAD, taxes extra",
    },
    annualPriceCents: {
      type: "integer",
      minimum: 0,
      description: "The full price per year, in cents CAD, taxes extra",
    },
    annualSavingsCents: {
      type: "integer",
      minimum: 0,
      description: "Twelve monthly payments less the annual price",
    },
    recommended: { type: "boolean", description: "True for exactly one plan" },
  },
};

/** The pricing part of the API document. */
export const pricingApi: ApiArea = {
  tag: { name: TAG, description: "The plans businesses can choose; public and read-only." },
  schemas: { Plan: plan },
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
          "200": {
            description: "Every plan",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["items"],
                  properties: { items: { type: "array", items: schemaRef("Plan") } },
                },
              },
            },
          },
          "500": sharedResponse("InternalError"),
        },
      },
    },
  },
};
