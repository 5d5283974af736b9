import { index, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { SITE_PAGES } from "./site-pages/slugs.ts";

/** Pages exist once in English at their spec path and once in French under /fr. */
const pages: [path: string, file: string][] = [
  ["", "routes/home.tsx"],
  ["businesses", "routes/businesses.tsx"],
  ["businesses/:id", "routes/business.tsx"],
  ["jobs", "routes/jobs/list.tsx"],
  ["jobs/saved", "routes/jobs/saved.tsx"],
  ["jobs/alerts/new", "routes/jobs/alert-new.tsx"],
  ["jobs/alerts/confirm", "routes/jobs/alert-confirm.tsx"],
  ["jobs/alerts/unsubscribe", "routes/jobs/alert-unsubscribe.tsx"],
  ["jobs/:id", "routes/jobs/detail.tsx"],
  ["jobs/:id/apply", "routes/jobs/apply.tsx"],
  ["jobs/:id/report", "routes/jobs/report.tsx"],
  ["login", "routes/login.tsx"],
  ["register", "routes/login.tsx"],
  ["forgot-password", "routes/forgot-password.tsx"],
  ["reset-password", "routes/reset-password.tsx"],
  ["profile", "routes/profile.tsx"],
  ["blogs", "routes/blogs.tsx"],
  ["blogs/feed.xml", "routes/blog-feed.ts"],
  ["blogs/:slug", "routes/blog-post.tsx"],
  ["shop", "routes/shop.tsx"],
  ["shop/:id", "routes/shop-item.tsx"],
  ["cart", "routes/cart.tsx"],
  ["pricing", "routes/pricing.tsx"],
  ["playgames", "routes/playgames.tsx"],
  ["logout", "routes/logout.ts"],
  ...SITE_PAGES.map((slug): [string, string] => [slug, "routes/site-page.tsx"]),
  ["*", "routes/not-found.tsx"],
];

function localizedPages(): RouteConfigEntry[] {
  return ["", "fr"].flatMap((prefix) =>
    pages.map(([path, file]) => {
      const fullPath = [prefix, path].filter(Boolean).join("/");
      const id = `${prefix || "en"}:${path || "home"}`;
      return fullPath === "" ? index(file, { id }) : route(fullPath, file, { id });
    }),
  );
}

export default [
  route("api/businesses", "routes/api.businesses.ts"),
  route("api/businesses/:id", "routes/api.business.ts"),
  route("api/categories", "routes/api.categories.ts"),
  route("api/jobs", "routes/api.jobs.ts"),
  route("api/jobs/:id", "routes/api.job.ts"),
  route("api/jobs/:id/applications", "routes/api.job.applications.ts"),
  route("api/blogs", "routes/api.blogs.ts"),
  route("api/blogs/:slug", "routes/api.blog.ts"),
  route("api/products", "routes/api.products.ts"),
  route("api/products/:id", "routes/api.product.ts"),
  route("api/cart", "routes/api.cart.ts"),
  route("api/cart/items", "routes/api.cart-items.ts"),
  route("api/cart/items/:productId", "routes/api.cart-item.ts"),
  route("api/cart/checkout", "routes/api.cart-checkout.ts"),
  route("api/pricing", "routes/api.pricing.ts"),
  route("api/me", "routes/api.me.ts"),
  route("api/me/avatar", "routes/api.me.avatar.ts"),
  route("api/quiz/categories", "routes/api.quiz.categories.ts"),
  route("api/quiz/sessions", "routes/api.quiz.sessions.ts"),
  route("api/quiz/sessions/:id/answers", "routes/api.quiz.sessions.answers.ts"),
  route("api/quiz/sessions/:id/finish", "routes/api.quiz.sessions.finish.ts"),
  route("api/quiz/sessions/:id/feedback", "routes/api.quiz.sessions.feedback.ts"),
  route("api/openapi.json", "routes/api.openapi.ts"),
  route("api/docs", "routes/api.docs.tsx"),
  route("api/*", "routes/api.not-found.ts"),
  route("dev/outbox", "routes/dev.outbox.tsx"),
  ...localizedPages(),
] satisfies RouteConfig;
