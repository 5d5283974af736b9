import { index, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { SITE_PAGES } from "./site-pages/slugs.ts";

/** Pages exist once in English at their spec path and once in French under /fr. */
const pages: [path: string, file: string][] = [
  ["", "routes/site/home.tsx"],
  ["businesses", "routes/directory/businesses.tsx"],
  ["businesses/new", "routes/directory/add-business.tsx"],
  ["businesses/:id", "routes/directory/business.tsx"],
  ["businesses/:id/report", "routes/directory/report.tsx"],
  ["businesses/:id/go/:target", "routes/directory/go.ts"],
  ["businesses/:id/shared", "routes/directory/shared.ts"],
  ["businesses/:id/claim", "routes/directory/claim.tsx"],
  ["businesses/:id/owners/accept", "routes/directory/owner-invite.tsx"],
  ["jobs", "routes/jobs/list.tsx"],
  ["jobs/saved", "routes/jobs/saved.tsx"],
  ["jobs/applications", "routes/jobs/applications.tsx"],
  ["jobs/applications/:token", "routes/jobs/application-link.tsx"],
  ["jobs/fraud-policy", "routes/jobs/fraud-policy.tsx"],
  ["jobs/alerts/new", "routes/jobs/alert-new.tsx"],
  ["jobs/alerts/confirm", "routes/jobs/alert-confirm.tsx"],
  ["jobs/alerts/unsubscribe", "routes/jobs/alert-unsubscribe.tsx"],
  ["employers", "routes/jobs/employer/mine.tsx"],
  ["employers/new", "routes/jobs/employer/new.tsx"],
  ["employers/:id/members/accept", "routes/jobs/employer/invite.tsx"],
  ["jobs/:id", "routes/jobs/detail.tsx"],
  ["jobs/:id/apply", "routes/jobs/apply.tsx"],
  ["jobs/:id/report", "routes/jobs/report.tsx"],
  ["login", "routes/auth/login.tsx"],
  ["register", "routes/auth/login.tsx"],
  ["login/two-factor", "routes/auth/two-factor.tsx"],
  ["forgot-password", "routes/auth/forgot-password.tsx"],
  ["reset-password", "routes/auth/reset-password.tsx"],
  ["profile", "routes/players/profile.tsx"],
  ["profile-view/:handle/s", "routes/players/profile-view.tsx"],
  ["profile-view/:handle/followers", "routes/players/follow-list.tsx"],
  ["profile-view/:handle/following", "routes/players/follow-list.tsx"],
  ["leaderboard", "routes/players/leaderboard.tsx"],
  ["redeem", "routes/players/redeem.tsx"],
  ["family", "routes/players/family.tsx"],
  ["family/waiting", "routes/players/family-waiting.tsx"],
  ["family/consent/:token", "routes/players/family-consent.tsx"],
  ["family/children/:childId", "routes/players/family-child.tsx"],
  ["family/children/:childId/data", "routes/players/family-child-data.tsx"],
  ["family/children/:childId/data.json", "routes/players/family-child-export.ts"],
  ["reedem", "routes/players/reedem.ts"],
  ["blogs", "routes/blog/blogs.tsx"],
  ["blogs/feed.xml", "routes/blog/blog-feed.ts"],
  ["blogs/:slug", "routes/blog/blog-post.tsx"],
  ["shop", "routes/shop/shop.tsx"],
  ["shop/:id", "routes/shop/shop-item.tsx"],
  ["cart", "routes/shop/cart.tsx"],
  ["orders", "routes/shop/orders.tsx"],
  ["orders/:id", "routes/shop/order-status.tsx"],
  ["pricing", "routes/pricing/pricing.tsx"],
  ["playgames", "routes/quiz/playgames.tsx"],
  ["logout", "routes/auth/logout.ts"],
  ...SITE_PAGES.map((slug): [string, string] => [slug, "routes/site/site-page.tsx"]),
  ["*", "routes/site/not-found.tsx"],
];

/**
 * The staff console (issue 25): one layout, which admits only staff and answers everyone else the
 * site's 404, over its pages; in both languages like every page.
 */
const staffPages: [path: string, file: string][] = [
  ["", "routes/staff/queue.tsx"],
  ["two-factor", "routes/staff/two-factor.tsx"],
  ["staff", "routes/staff/members.tsx"],
  ["audit", "routes/staff/audit.tsx"],
  ["redeem", "routes/staff/redeem.tsx"],
  ["redeem/:id", "routes/staff/redeem-request.tsx"],
  ["claims/:id", "routes/staff/claim.tsx"],
  ["claims/:id/document", "routes/staff/claim-document.ts"],
  ["employers/:id", "routes/staff/employer.tsx"],
  ["postings/:id", "routes/staff/posting.tsx"],
  ["plans", "routes/staff/plans.tsx"],
  ["plans/:id", "routes/staff/plan-request.tsx"],
  ["listings/:id", "routes/staff/listing.tsx"],
  ["players", "routes/staff/players.tsx"],
  ["players/:id", "routes/staff/player.tsx"],
  // Content (blog posts, products, plans, reward goals).
  ["content/posts", "routes/staff/content-posts.tsx"],
  ["content/posts/new", "routes/staff/content-post.tsx"],
  ["content/posts/:id", "routes/staff/content-post.tsx"],
  ["content/products", "routes/staff/content-products.tsx"],
  ["content/products/:id", "routes/staff/content-product.tsx"],
  ["content/plans", "routes/staff/content-plans.tsx"],
  ["content/plans/:id", "routes/staff/content-plan.tsx"],
  ["content/goals", "routes/staff/content-goals.tsx"],
  ["content/goals/:id", "routes/staff/content-goal.tsx"],
  ["orders", "routes/staff/orders.tsx"],
  ["orders/:id", "routes/staff/order.tsx"],
  ["reports", "routes/staff/reports.tsx"],
  ["reports/:kind/:id", "routes/staff/report.tsx"],
  // A listing's kept versions, and staff's undo (issue 26).
  ["listings/:id/history", "routes/staff/listing-history.tsx"],
];

/** A listing's manage pages, under /businesses/{id}/manage, for its owners and staff. */
const managePages: [path: string, file: string][] = [
  ["", "routes/directory/manage/listing.tsx"],
  ["hours", "routes/directory/manage/hours.tsx"],
  ["pictures", "routes/directory/manage/pictures.tsx"],
  ["products", "routes/directory/manage/products.tsx"],
  ["reviews", "routes/directory/manage/reviews.tsx"],
  ["stats", "routes/directory/manage/stats.tsx"],
  ["owners", "routes/directory/manage/owners.tsx"],
];

/** An employer's own pages, under /employers/{id}/manage, for its members and staff (issue 27). */
const employerPages: [path: string, file: string][] = [
  ["", "routes/jobs/employer/overview.tsx"],
  ["members", "routes/jobs/employer/members.tsx"],
  ["jobs", "routes/jobs/employer/jobs.tsx"],
  ["jobs/new", "routes/jobs/employer/job-new.tsx"],
  ["jobs/:jobId", "routes/jobs/employer/job.tsx"],
  ["jobs/:jobId/applications", "routes/jobs/employer/applications.tsx"],
  ["jobs/:jobId/applications/:applicationId/cv", "routes/jobs/employer/application-cv.ts"],
];

/**
 * A section of pages inside one layout (the console, a listing's manage pages), once in English at
 * `base` and once in French under /fr; route ids are `{lang}:{name}/{path}`.
 */
function localizedSection(
  base: string,
  layout: string,
  name: string,
  sectionPages: [path: string, file: string][],
): RouteConfigEntry[] {
  return ["", "fr"].map((prefix) => {
    const lang = prefix || "en";
    const children = sectionPages.map(([path, file]) =>
      path === ""
        ? index(file, { id: `${lang}:${name}` })
        : route(path, file, { id: `${lang}:${name}/${path}` }),
    );
    return route(
      [prefix, base].filter(Boolean).join("/"),
      layout,
      { id: `${lang}:${name}-layout` },
      children,
    );
  });
}

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
  route("api/businesses", "routes/directory/api.businesses.ts"),
  route("api/businesses/:id", "routes/directory/api.business.ts"),
  route("api/businesses/:id/reviews", "routes/directory/api.business.reviews.ts"),
  route("api/businesses/:id/questions", "routes/directory/api.business.questions.ts"),
  route("api/businesses/:id/reports", "routes/directory/api.business.reports.ts"),
  route("api/reviews/:id", "routes/directory/api.review.ts"),
  route("api/reviews/:id/reply", "routes/directory/api.review-reply.ts"),
  route("api/questions/:id/answers", "routes/directory/api.question.answers.ts"),
  ...["reviews", "questions", "answers", "replies"].map((kind) =>
    route(`api/${kind}/:id/reports`, "routes/directory/api.reports.ts", {
      id: `api-${kind}-reports`,
    }),
  ),
  route("api/categories", "routes/directory/api.categories.ts"),
  route("api/jobs", "routes/jobs/api.jobs.ts"),
  route("api/jobs/:id", "routes/jobs/api.job.ts"),
  route("api/jobs/:id/applications", "routes/jobs/api.job.applications.ts"),
  route("api/employer/jobs/:id/applications", "routes/jobs/api.employer.job.applications.ts"),
  route("api/employer/applications/:id", "routes/jobs/api.employer.application.ts"),
  route("api/employer/jobs", "routes/jobs/api.employer.jobs.ts"),
  route("api/employer/jobs/:id", "routes/jobs/api.employer.job.ts"),
  route("api/blogs", "routes/blog/api.blogs.ts"),
  route("api/blogs/:slug", "routes/blog/api.blog.ts"),
  route("api/products", "routes/shop/api.products.ts"),
  route("api/products/:id", "routes/shop/api.product.ts"),
  route("api/cart", "routes/shop/api.cart.ts"),
  route("api/cart/items", "routes/shop/api.cart-items.ts"),
  route("api/cart/items/:productId", "routes/shop/api.cart-item.ts"),
  route("api/cart/checkout", "routes/shop/api.cart-checkout.ts"),
  route("api/pricing", "routes/pricing/api.pricing.ts"),
  route("api/me", "routes/players/api.me.ts"),
  route("api/me/avatar", "routes/players/api.me.avatar.ts"),
  route("api/me/saved-businesses", "routes/directory/api.saved-businesses.ts"),
  route("api/me/saved-businesses/:id", "routes/directory/api.saved-business.ts"),
  route("api/leaderboard", "routes/players/api.leaderboard.ts"),
  route("api/players/:handle", "routes/players/api.player.ts"),
  route("api/players/:handle/follow", "routes/players/api.player.follow.ts"),
  route("api/players/:handle/followers", "routes/players/api.player.follow-list.ts", {
    id: "api-player-followers",
  }),
  route("api/players/:handle/following", "routes/players/api.player.follow-list.ts", {
    id: "api-player-following",
  }),
  route("api/redeem/goals", "routes/players/api.redeem.goals.ts"),
  route("api/redeem/requests", "routes/players/api.redeem.requests.ts"),
  route("api/quiz/categories", "routes/quiz/api.quiz.categories.ts"),
  route("api/quiz/sessions", "routes/quiz/api.quiz.sessions.ts"),
  route("api/quiz/sessions/:id/answers", "routes/quiz/api.quiz.sessions.answers.ts"),
  route("api/quiz/sessions/:id/finish", "routes/quiz/api.quiz.sessions.finish.ts"),
  route("api/quiz/sessions/:id/feedback", "routes/quiz/api.quiz.sessions.feedback.ts"),
  route("api/quiz/sessions/:id/practice", "routes/quiz/api.quiz.sessions.practice.ts"),
  route("api/openapi.json", "routes/site/api.openapi.ts"),
  route("api/docs", "routes/site/api.docs.tsx"),
  route("api/*", "routes/site/api.not-found.ts"),
  route("dev/outbox", "routes/site/dev.outbox.tsx"),
  route("sitemap.xml", "routes/site/sitemap.ts"),
  route("sitemaps/:name", "routes/site/sitemap-part.ts"),
  route("robots.txt", "routes/site/robots.ts"),
  ...localizedSection("staff", "routes/staff/layout.tsx", "staff", staffPages),
  ...localizedSection(
    "businesses/:id/manage",
    "routes/directory/manage/layout.tsx",
    "manage",
    managePages,
  ),
  ...localizedSection(
    "employers/:id/manage",
    "routes/jobs/employer/layout.tsx",
    "employer",
    employerPages,
  ),
  ...localizedPages(),
] satisfies RouteConfig;
