import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, SEARCH_TEXT_MAX } from "./search.ts";

const localizedText = {
  type: "object",
  required: ["en-CA", "fr-CA"],
  properties: { "en-CA": { type: "string" }, "fr-CA": { type: "string" } },
};

const error = {
  description: "The request could not be answered",
  content: {
    "application/json": {
      schema: {
        type: "object",
        required: ["error"],
        properties: {
          error: {
            type: "object",
            required: ["code", "message"],
            properties: {
              code: { type: "string", example: "invalid_parameters" },
              message: { type: "string" },
              details: {
                description: "Which inputs were wrong, when the code is invalid_parameters",
              },
            },
          },
        },
      },
    },
  },
};

const summary = {
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
    category: { type: "string", description: "Category slug", example: "restaurants" },
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

/** The JSON API's description, served at /api/openapi.json and rendered at /api/docs. */
export const openApiDocument = {
  openapi: "3.1.0",
  info: {
    title: "Nearby API",
    version: "1.0.0",
    description:
      "Read-only access to the business directory. Errors are JSON `{ error: { code, message } }`: 400 for bad parameters, 404 for an unknown address or id, 405 for a method other than GET, 500 (code internal_error) when something unexpected failed.",
  },
  paths: {
    "/api/businesses": {
      get: {
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
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["items", "nextCursor"],
                  properties: {
                    items: { type: "array", items: summary },
                    nextCursor: { type: ["string", "null"] },
                  },
                },
              },
            },
          },
          "400": error,
        },
      },
    },
    "/api/businesses/{id}": {
      get: {
        summary: "One business",
        description:
          "Everything the business page shows: address, position, description, promotion, products, reviews and community questions.",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } },
        ],
        responses: {
          "200": {
            description: "The business",
            content: {
              "application/json": {
                schema: {
                  allOf: [
                    summary,
                    {
                      type: "object",
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
                            properties: {
                              id: { type: "integer" },
                              authorName: { type: "string" },
                              rating: { type: "integer", minimum: 1, maximum: 5 },
                              body: { type: "string" },
                              locale: { type: "string", enum: ["en-CA", "fr-CA"] },
                              createdAt: { type: "string", format: "date-time" },
                            },
                          },
                        },
                        questions: {
                          type: "array",
                          items: {
                            type: "object",
                            properties: {
                              id: { type: "integer" },
                              askedBy: { type: "string" },
                              question: { type: "string" },
                              answer: { type: ["string", "null"] },
                              locale: { type: "string", enum: ["en-CA", "fr-CA"] },
                            },
                          },
                        },
                      },
                    },
                  ],
                },
              },
            },
          },
          "404": error,
        },
      },
    },
    "/api/categories": {
      get: {
        summary: "Categories",
        description: "The eight categories with their number of places.",
        responses: {
          "200": {
            description: "Every category",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    items: {
                      type: "array",
                      items: {
                        type: "object",
                        properties: {
                          slug: { type: "string" },
                          name: { type: "string" },
                          places: { type: "integer" },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
} as const;
