import { LOCALES } from "../i18n/locale.ts";
import {
  type ApiArea,
  errorResponse,
  PUBLIC,
  queryParameters,
  type Schema,
  schemaRef,
  sharedResponse,
} from "../platform/openapi.ts";
import { blogQuerySchema } from "./search.ts";
import { BLOG_TYPES } from "./types.ts";

const TAG = "Blog";

const locale: Schema = { type: "string", enum: [...LOCALES] };

const blogSummary: Schema = {
  type: "object",
  description: "A post in one language",
  required: [
    "id",
    "locale",
    "slug",
    "title",
    "excerpt",
    "type",
    "city",
    "province",
    "rating",
    "cover",
    "authorName",
    "publishedAt",
    "updatedAt",
    "readingMinutes",
    "event",
  ],
  properties: {
    id: { type: "integer", example: 3 },
    locale,
    slug: {
      type: "string",
      description: "The post's address in its language: /blogs/{slug}, or /fr/blogs/{slug}",
      example: "quebec-winter-carnival-with-kids",
    },
    title: { type: "string" },
    excerpt: { type: "string" },
    type: { type: "string", enum: [...BLOG_TYPES] },
    city: { type: "string", example: "Québec" },
    province: { type: "string", example: "QC" },
    rating: { type: "number", minimum: 0, maximum: 5, example: 4.8 },
    cover: { type: "string", description: "Path of the cover picture on this site" },
    authorName: { type: "string" },
    publishedAt: { type: "string", format: "date-time" },
    updatedAt: { type: "string", format: "date-time" },
    readingMinutes: {
      type: "integer",
      minimum: 1,
      description: "Minutes to read it at 200 words a minute, rounded up",
    },
    event: {
      type: ["object", "null"],
      description: "An events post's event: its first and last day; null for other posts",
      required: ["startsOn", "endsOn"],
      properties: {
        startsOn: { type: "string", format: "date", example: "2026-02-13" },
        endsOn: { type: "string", format: "date", example: "2026-02-22" },
      },
    },
  },
};

const blogPost: Schema = {
  allOf: [
    schemaRef("BlogSummary"),
    {
      type: "object",
      required: ["markdown", "html", "slugs"],
      properties: {
        markdown: { type: "string", description: "The body as written, in Markdown" },
        html: {
          type: "string",
          description:
            "The body rendered and sanitized on the server: headings, paragraphs, emphasis, lists, quotes and links only (links to other sites carry rel=nofollow)",
        },
        slugs: {
          type: "object",
          description: "The post's slug in each language",
          required: [...LOCALES],
          properties: Object.fromEntries(LOCALES.map((each) => [each, { type: "string" }])),
        },
      },
    },
  ],
};

const json = (schema: Schema) => ({ "application/json": { schema } });

/** The blog's part of the API document: the list with its filters, and one post. */
export const blogApi: ApiArea = {
  tag: {
    name: TAG,
    description:
      "Posts about local events, businesses and learning with children; public and read-only.",
  },
  schemas: { BlogSummary: blogSummary, BlogPost: blogPost },
  paths: {
    "/api/blogs": {
      get: {
        operationId: "searchBlogPosts",
        tags: [TAG],
        security: PUBLIC,
        summary: "Search posts",
        description:
          "Published posts in one language, newest first, matching every given filter; with `when`, event posts only: `upcoming` those whose event ends today or later (today in Canada's Eastern time, at the request), soonest first, `past` the others, the latest ended first. Title and location match anywhere in the title and in the city and province, ignoring case and accents. Follow `nextCursor` for the next page; it is null on the last one.",
        parameters: queryParameters(blogQuerySchema, {
          title: "Part of the title",
          location: "Part of the city or province",
          type: "One type of post; all types when absent or empty",
          when: "Event posts only, those not over yet or those over; posts of every date when absent. Goes with no type or the `events` type.",
          locale: "The language of the posts; the `Accept-Language` header's when absent",
          limit: "How many posts the page holds",
          cursor: "The nextCursor of the previous page; any other value is a 400",
        }),
        responses: {
          "200": {
            description: "One page of posts",
            content: json({
              type: "object",
              required: ["items", "nextCursor"],
              properties: {
                items: { type: "array", items: schemaRef("BlogSummary") },
                nextCursor: { type: ["string", "null"] },
              },
            }),
          },
          "400": errorResponse(
            "A parameter is wrong: text too long, unknown type, `when` or language, `when` with a type other than events, made-up cursor or limit out of range; `details` names each",
            ["invalid_parameters"],
          ),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/blogs/{slug}": {
      get: {
        operationId: "getBlogPost",
        tags: [TAG],
        security: PUBLIC,
        summary: "One post",
        description:
          "The whole post in the language of its slug, with its Markdown, the sanitized HTML made from it and its slug in each language.",
        parameters: [
          {
            name: "slug",
            in: "path",
            required: true,
            schema: { type: "string", pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
            description: "The post's slug in either language",
          },
        ],
        responses: {
          "200": { description: "The post", content: json(schemaRef("BlogPost")) },
          "404": errorResponse("No published post has this slug", ["not_found"]),
          "500": sharedResponse("InternalError"),
        },
      },
    },
  },
};
