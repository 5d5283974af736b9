import {
  type ApiArea,
  errorResponse,
  jsonResponse,
  PUBLIC,
  queryParameters,
  sharedResponse,
} from "../platform/openapi.ts";
import { blogPageSchema, blogPostSchema, blogSummarySchema } from "./answers.ts";
import { blogQuerySchema } from "./search.ts";

const TAG = "Blog";

/** The blog's part of the API document: the list with its filters, and one post. */
export const blogApi: ApiArea = {
  tag: {
    name: TAG,
    description:
      "Posts about local events, businesses and learning with children; public and read-only.",
  },
  schemas: { BlogSummary: blogSummarySchema, BlogPage: blogPageSchema, BlogPost: blogPostSchema },
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
          "200": jsonResponse("One page of posts", "BlogPage"),
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
          "200": jsonResponse("The post", "BlogPost"),
          "404": errorResponse("No published post has this slug", ["not_found"]),
          "500": sharedResponse("InternalError"),
        },
      },
    },
  },
};
