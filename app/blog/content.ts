import { z } from "zod";
import { PROVINCES } from "../platform/provinces.ts";
import { BLOG_TYPES } from "./types.ts";

const slug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  .max(120);

const texts = z.object({
  slug,
  title: z.string().min(1).max(120),
  excerpt: z.string().min(40).max(300),
});

/** The first and last day of an event post's event, as Canadian calendar days. */
const eventDays = z
  .strictObject({ startsOn: z.iso.date(), endsOn: z.iso.date() })
  .refine(({ startsOn, endsOn }) => endsOn >= startsOn, {
    message: "endsOn is before startsOn",
    path: ["endsOn"],
  });

/**
 * `content/blog/<key>/post.json`: what a post is in both languages, beside its bodies
 * `en-CA.md` and `fr-CA.md` (see content/README.md). An events post gives its event's days;
 * no other post has any.
 */
export const blogPostFileSchema = z
  .strictObject({
    type: z.enum(BLOG_TYPES),
    event: eventDays.optional(),
    city: z.string().min(1),
    province: z.enum(PROVINCES),
    rating: z.number().min(0).max(5).multipleOf(0.1),
    author: z.string().min(1),
    /** A picture under public/images/blog/, without its .svg. */
    cover: slug,
    publishedAt: z.iso.date(),
    "en-CA": texts,
    "fr-CA": texts,
  })
  .refine((post) => (post.type === "events") === (post.event !== undefined), {
    message: "an events post needs its event's days, and only an events post has them",
    path: ["event"],
  });

type BlogPostFile = z.infer<typeof blogPostFileSchema>;

/** A post as read from its folder: the file, its key (the folder's name) and both bodies. */
export type BlogPostContent = BlogPostFile & {
  key: string;
  body: { "en-CA": string; "fr-CA": string };
};
