import { blogPageSchema } from "../../blog/answers.ts";
import { searchPosts } from "../../blog/posts.server.ts";
import { blogQuerySchema } from "../../blog/search.ts";
import { localeFromRequest } from "../../i18n/locale.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import type { Route } from "./+types/api.blogs";

/** GET /api/blogs: published posts, newest first, in `locale` or the Accept-Language's. */
export const loader = apiRoute(async ({ request, context }: Route.LoaderArgs) => {
  const { criteria, cursor, limit, locale } = await readInput(request, blogQuerySchema, {
    stripUnsafeText: true,
  });
  const page = await searchPosts(
    context.get(databaseContext),
    locale ?? localeFromRequest(request),
    criteria,
    { limit, cursor },
    new Date(),
  );
  return jsonAnswer(blogPageSchema, page);
});

export const action = apiRoute(() => methodNotAllowed("GET, HEAD"));
