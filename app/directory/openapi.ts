import {
  type ApiArea,
  errorResponse,
  PUBLIC,
  type Schema,
  schemaRef,
  sharedResponse,
} from "../platform/openapi.ts";
import { CATEGORY_SLUGS } from "./categories.ts";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, SEARCH_TEXT_MAX } from "./search.ts";

const TAG = "Directory";

const localizedText: Schema = {
  type: "object",
  required: ["en-CA", "fr-CA"],
  properties: { "en-CA": { type: "string" }, "fr-CA": { type: "string" } },
};

const locale: Schema = { type: "string", enum: ["en-CA", "fr-CA"] };

const businessSummary: Schema = {
  type: "object",
  required: [
    "id",
    "name",
    "category",
    "city",
    "province",
    "rating",
    "reviewCount",
    "priceFromCents",
    "opensAt",
    "closesAt",
    "openNow",
    "image",
    "ownerName",
    "ownerImage",
  ],
  properties: {
    id: { type: "integer", example: 42 },
    name: { type: "string", example: "Chez Ginette" },
    category: { type: "string", enum: CATEGORY_SLUGS, example: "restaurants" },
    city: { type: "string", example: "Montréal" },
    province: {
      type: "string",
      description: "Two-letter province or territory code",
      example: "QC",
    },
    rating: { type: "number", minimum: 0, maximum: 5, example: 4.6 },
    reviewCount: { type: "integer", example: 128 },
    priceFromCents: {
      type: "integer",
      description: "Lowest price, in cents of Canadian dollars",
      example: 1450,
    },
    opensAt: { type: "string", description: "Local opening time, HH:MM", example: "11:00" },
    closesAt: {
      type: "string",
      description: "Local closing time, HH:MM (may be after midnight)",
      example: "22:00",
    },
    openNow: {
      type: "boolean",
      description: "Open at the time of the request, in the business's time zone",
    },
    image: { type: "string", description: "Path of the listing picture on this site" },
    ownerName: { type: "string" },
    ownerImage: { type: "string" },
  },
};

const businessDetail: Schema = {
  allOf: [
    schemaRef("BusinessSummary"),
    {
      type: "object",
      required: [
        "address",
        "postalCode",
        "latitude",
        "longitude",
        "coverImage",
        "website",
        "description",
        "promo",
        "products",
        "reviews",
        "questions",
      ],
      properties: {
        address: { type: "string" },
        postalCode: { type: "string" },
        latitude: { type: "number" },
        longitude: { type: "number" },
        coverImage: { type: "string" },
        website: { type: ["string", "null"] },
        description: localizedText,
        promo: {
          type: ["object", "null"],
          required: ["title", "description", "image"],
          properties: {
            title: localizedText,
            description: localizedText,
            image: { type: "string" },
          },
        },
        products: {
          type: "array",
          items: {
            type: "object",
            required: ["id", "name", "priceCents", "image", "url"],
            properties: {
              id: { type: "integer" },
              name: localizedText,
              priceCents: { type: "integer" },
              image: { type: "string" },
              url: { type: "string" },
            },
          },
        },
        reviews: {
          type: "array",
          items: {
            type: "object",
            required: ["id", "authorName", "rating", "body", "locale", "createdAt"],
            properties: {
              id: { type: "integer" },
              authorName: { type: "string" },
              rating: { type: "integer", minimum: 1, maximum: 5 },
              body: { type: "string" },
              locale,
              createdAt: { type: "string", format: "date-time" },
            },
          },
        },
        questions: {
          type: "array",
          items: {
            type: "object",
            required: ["id", "askedBy", "question", "answer", "locale"],
            properties: {
              id: { type: "integer" },
              askedBy: { type: "string" },
              question: { type: "string" },
              answer: { type: ["string", "null"] },
              locale,
            },
          },
        },
      },
    },
  ],
};

const json = (schema: Schema) => ({ "application/json": { schema } });

/** The directory's part of the API document: search, one business, the categories. */
export const directoryApi: ApiArea = {
  tag: { name: TAG, description: "Businesses and their categories; public and read-only." },
  schemas: { BusinessSummary: businessSummary, BusinessDetail: businessDetail },
  paths: {
    "/api/businesses": {
      get: {
        operationId: "searchBusinesses",
        tags: [TAG],
        security: PUBLIC,
        summary: "Search businesses",
        description:
          "Businesses matching every given filter, best rated first. Title and location match anywhere in the name or in the city and province, ignoring case and accents. Follow `nextCursor` for the next page; it is null on the last one.",
        parameters: [
          {
            name: "title",
            in: "query",
            schema: { type: "string", maxLength: SEARCH_TEXT_MAX },
            description: "Part of the business name",
          },
          {
            name: "location",
            in: "query",
            schema: { type: "string", maxLength: SEARCH_TEXT_MAX },
            description: "Part of the city or province",
          },
          {
            name: "category",
            in: "query",
            schema: { type: "string" },
            description: "A category name or slug from /api/categories, or 'All Categories'",
          },
          {
            name: "limit",
            in: "query",
            schema: {
              type: "integer",
              minimum: 1,
              maximum: PAGE_SIZE_MAX,
              default: PAGE_SIZE_DEFAULT,
            },
            description: "How many businesses the page holds",
          },
          {
            name: "cursor",
            in: "query",
            schema: { type: "string" },
            description: "The nextCursor of the previous page",
          },
        ],
        responses: {
          "200": {
            description: "One page of results",
            content: json({
              type: "object",
              required: ["items", "nextCursor"],
              properties: {
                items: { type: "array", items: schemaRef("BusinessSummary") },
                nextCursor: { type: ["string", "null"] },
              },
            }),
          },
          "400": errorResponse(
            "A parameter is wrong: text too long, unknown category, made-up cursor or limit out of range; `details` lists each `{ field, code }`",
            ["invalid_parameters"],
          ),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/businesses/{id}": {
      get: {
        operationId: "getBusiness",
        tags: [TAG],
        security: PUBLIC,
        summary: "One business",
        description:
          "Everything the business page shows: address, position, description, promotion, products, reviews and community questions.",
        parameters: [
          {
            name: "id",
            in: "path",
            required: true,
            schema: { type: "integer", minimum: 1, maximum: 999_999_999 },
            description: "The business's id, as the search gives it",
          },
        ],
        responses: {
          "200": { description: "The business", content: json(schemaRef("BusinessDetail")) },
          "404": errorResponse("No business has this id, or the id is not a whole number", [
            "not_found",
          ]),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/categories": {
      get: {
        operationId: "listCategories",
        tags: [TAG],
        security: PUBLIC,
        summary: "Categories",
        description: "The eight categories, in the home page's order, with their number of places.",
        responses: {
          "200": {
            description: "Every category",
            content: json({
              type: "object",
              required: ["items"],
              properties: {
                items: {
                  type: "array",
                  items: {
                    type: "object",
                    required: ["slug", "name", "places"],
                    properties: {
                      slug: { type: "string", enum: CATEGORY_SLUGS },
                      name: { type: "string", description: "The English name" },
                      places: { type: "integer", minimum: 0 },
                    },
                  },
                },
              },
            }),
          },
          "500": sharedResponse("InternalError"),
        },
      },
    },
  },
};
