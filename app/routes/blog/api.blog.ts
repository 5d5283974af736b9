import { redirect } from "react-router";
import { blogPostSchema } from "../../blog/answers.ts";
import { getPost } from "../../blog/posts.server.ts";
import { isSlug } from "../../blog/search.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import type { Route } from "./+types/api.blog";

/** GET /api/blogs/{slug}: the post in the language of its slug, Markdown and sanitized HTML. */
export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  if (!isSlug(params.slug)) throw new AppError("not_found");
  const found = await getPost(context.get(databaseContext), params.slug);
  // Without a language asked for, the slug's own: the post itself, or an old slug's new address.
  if (found.found === "moved") return redirect(`/api/blogs/${found.slug}`, 301);
  if (found.found !== "post") throw new AppError("not_found");
  return jsonAnswer(blogPostSchema, found.post);
});

export const action = apiRoute(() => methodNotAllowed("GET, HEAD"));
