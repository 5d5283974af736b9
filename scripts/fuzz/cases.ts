/**
 * Every fuzz case, generated from the site's route table (app/routes.ts), Better Auth's endpoints
 * and the static file server. The same seed gives the same cases in the same order.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes.ts";
import {
  type Fields,
  type FilePart,
  json,
  multipart,
  query,
  urlEncoded,
  type Value,
} from "./encode.ts";
import {
  AUTH_JUDGES,
  type Judge,
  NEVER,
  PAGE_JUDGES,
  type Player,
  PROTECTED_USER_FIELDS,
} from "./guard.ts";
import type { RawRequest } from "./http.ts";
import {
  ACCEPT_LANGUAGES,
  badCookies,
  HEADER_CASES,
  HOSTS,
  JSON_TOKENS,
  NUMBER_TEXTS,
  PATH_VALUES,
  QUERY_VALUES,
  type Random,
  STATIC_PATHS,
  TEXTS,
} from "./values.ts";

export type SignedUpPlayer = Player & { cookie: string; handle: string };

export type Context = {
  host: string;
  origin: string;
  players: [SignedUpPlayer, SignedUpPlayer];
  /** Player B's stored picture, so the avatar route has a real file to be asked about. */
  avatarPath: string;
  /** A sound JPEG, never sent as is: malformed pictures are made from it. */
  jpeg: Uint8Array;
  maxBodyBytes: number;
  random: Random;
};

export type FuzzCase = {
  id: number;
  /** The route as the table names it ("/fr/businesses/:id", "/api/auth/sign-up/email"). */
  route: string;
  kind: string;
  who: string;
  request: RawRequest;
  judge: Judge;
};

type Who = "visitor" | "player" | `bad-cookie:${string}`;

type Write = {
  method: string;
  encoding: "form" | "json" | "bytes";
  /** Sound bodies, by name (one per intent): each case breaks one thing in one of them. */
  baselines: Record<string, Fields>;
  as: Who[];
  /**
   * A body the handler refuses on sight, for cases about something else (headers, cookies): by
   * default the first baseline with its first field emptied.
   */
  refused?: Fields;
  /** Also try to set, one at a time, player columns no client may set (mass assignment). */
  guardsUserColumns?: boolean;
  /** Headers a sound request carries (an Idempotency-Key): sent with every body case. */
  headers?: [string, string][];
};

type Target = {
  route: string;
  path: string;
  /** Query parameters the handler reads; unknown ones are fuzzed too. */
  query: string[];
  as: Who[];
  write?: Write;
  judge: Judge;
  /** Page routes also answer React Router's data requests at `<path>.data`. */
  page: boolean;
};

type Draft = {
  kind: string;
  who: Who;
  method: string;
  path: string;
  headers?: [string, string | null][];
  contentType?: string;
  body?: Uint8Array;
  framing?: RawRequest["framing"];
  cutAt?: number;
};

/** Replaced by an address unique to the case, so a sign-up that gets through can be traced back. */
const EMAIL = "uniqueemailplaceholder";
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "TRACE", "PROPFIND"];
const ODD_METHODS = ["FUZZ", "get", "CONNECT"];
const ODD_QUERY_NAMES = ["%00", "%ED%A0%80", "__proto__", "constructor[prototype][x]", "a[b][c]"];
const INTENTS: Record<string, string | null> = {
  missing: null,
  empty: "",
  bogus: "bogus",
  "upper-case": "EDIT",
  padded: " delete ",
  "nul-suffix": "delete\u0000",
  "lone-surrogate": "edit\ud800",
  proto: "__proto__",
  "to-string": "toString",
  "long-10k": "i".repeat(10_000),
};

/** A file field left empty, as a browser sends it when no file was chosen. */
const NO_FILE: FilePart = {
  filename: "",
  type: "application/octet-stream",
  bytes: new Uint8Array(),
};

/** Route file → what its handler reads; a route whose file is missing here stops the fuzz. */
function routeProfiles(ctx: Context): Record<string, (pattern: string) => Partial<Target>> {
  const signIn: Fields = [
    ["intent", "login"],
    ["email", ctx.players[0].email],
    ["password", "wrong-password-1"],
    ["redirectTo", "/profile"],
  ];
  const signUp: Fields = [
    ["intent", "register"],
    ["name", "Fuzz Player"],
    ["email", EMAIL],
    ["age", "12"],
    ["password", "canoe-portage-42"],
    ["confirmPassword", "canoe-portage-42"],
  ];
  const search = ["title", "location", "category", "cursor", "limit"];
  const blogSearch = ["title", "location", "type", "cursor", "limit"];
  const shopSearch = ["title", "category", "cursor", "limit"];
  const buyer: Fields = [
    ["name", "Fuzz Player"],
    ["email", EMAIL],
    ["address", "1 Fuzz Street"],
    ["city", "Toronto"],
    ["postalCode", "M5V 1A1"],
    ["province", "ON"],
  ];
  const jobSearch = ["keywords", "location", "posted", "employerType", "workSetting", "page"];
  const application: Fields = [
    ["fullName", "Fuzz Player"],
    ["email", EMAIL],
    ["contactNo", "514 555 0123"],
    ["summary", "Fuzz"],
    [
      "resume",
      { filename: "cv.pdf", type: "application/pdf", bytes: Buffer.from("%PDF-1.7\n%%EOF\n") },
    ],
  ];
  const playerForm = (baselines: Record<string, Fields>): Write => ({
    method: "POST",
    encoding: "form",
    baselines,
    as: ["player", "visitor"],
  });
  const visitorForm = (baselines: Record<string, Fields>): Write => ({
    method: "POST",
    encoding: "form",
    baselines,
    as: ["visitor"],
  });
  return {
    "routes/site/home.tsx": () => ({ query: ["notice"] }),
    "routes/directory/businesses.tsx": () => ({ query: search }),
    "routes/directory/business.tsx": () => ({}),
    "routes/auth/login.tsx": (pattern) => ({
      query: ["redirectTo"],
      write: visitorForm(
        pattern.endsWith("register")
          ? { register: signUp }
          : {
              login: signIn,
              google: [
                ["intent", "google"],
                ["redirectTo", "/profile"],
              ],
            },
      ),
    }),
    "routes/auth/forgot-password.tsx": () => ({
      write: visitorForm({ request: [["email", "nobody@example.test"]] }),
    }),
    "routes/auth/reset-password.tsx": () => ({
      query: ["token", "error"],
      write: visitorForm({
        reset: [
          ["token", "fuzz-token"],
          ["password", "canoe-portage-43"],
          ["confirmPassword", "canoe-portage-43"],
        ],
      }),
    }),
    "routes/players/profile.tsx": () => ({
      query: ["notice"],
      write: {
        method: "POST",
        encoding: "form",
        as: ["player", "visitor"],
        baselines: {
          edit: [
            ["intent", "edit"],
            ["name", "Fuzz Player"],
            ["picture", NO_FILE],
          ],
          settings: [
            ["intent", "settings"],
            ["locale", "fr-CA"],
            ["quizTimer", "60"],
            ["notification", "on"],
          ],
          delete: [
            ["intent", "delete"],
            ["confirm", "yes"],
          ],
          resend: [["intent", "resend"]],
        },
      },
    }),
    "routes/auth/logout.ts": () => ({
      write: {
        method: "POST",
        encoding: "form",
        as: ["visitor", "player"],
        baselines: { out: [] },
      },
    }),
    "routes/jobs/list.tsx": () => ({ query: [...jobSearch, "filters"] }),
    "routes/jobs/detail.tsx": () => ({
      query: ["applied", "saved", "unsaved", "reported"],
      write: playerForm({ save: [["intent", "save"]], unsave: [["intent", "unsave"]] }),
    }),
    "routes/jobs/apply.tsx": () => ({ write: visitorForm({ apply: application }) }),
    "routes/jobs/report.tsx": () => ({
      write: visitorForm({
        report: [
          ["reason", "other"],
          ["details", "Fuzz"],
        ],
      }),
    }),
    "routes/jobs/saved.tsx": () => ({ write: playerForm({ remove: [["jobId", "1"]] }) }),
    "routes/jobs/alert-new.tsx": () => ({
      query: jobSearch,
      write: visitorForm({
        alert: [
          ["email", EMAIL],
          ["keywords", "nurse"],
          ["location", ""],
          ["workSetting", "remote"],
        ],
      }),
    }),
    "routes/jobs/alert-confirm.tsx": () => ({
      query: ["token"],
      write: visitorForm({ confirm: [["token", "fuzz-token"]] }),
    }),
    "routes/jobs/alert-unsubscribe.tsx": () => ({
      query: ["token"],
      write: visitorForm({ unsubscribe: [["token", "fuzz-token"]] }),
    }),
    "routes/jobs/api.jobs.ts": () => ({ query: jobSearch }),
    "routes/jobs/api.job.ts": () => ({}),
    "routes/jobs/api.job.applications.ts": () => ({
      write: { ...visitorForm({ apply: application }), as: ["visitor", "player"] },
    }),
    "routes/site/site-page.tsx": () => ({}),
    "routes/site/not-found.tsx": () => ({}),
    "routes/site/dev.outbox.tsx": () => ({}),
    "routes/directory/api.businesses.ts": () => ({ query: search }),
    "routes/directory/api.business.ts": () => ({}),
    "routes/directory/api.categories.ts": () => ({}),
    "routes/site/api.openapi.ts": () => ({}),
    "routes/site/api.docs.tsx": () => ({}),
    "routes/site/api.not-found.ts": () => ({}),
    "routes/players/api.me.ts": () => ({
      write: {
        method: "PATCH",
        encoding: "json",
        as: ["player", "visitor"],
        guardsUserColumns: true,
        baselines: {
          settings: [
            ["name", "Fuzz Player"],
            ["age", { json: "12" }],
            ["locale", "fr-CA"],
            ["quizTimer", { json: "60" }],
            ["notification", { json: "false" }],
          ],
        },
      },
    }),
    "routes/players/api.me.avatar.ts": () => ({
      write: { method: "PUT", encoding: "bytes", as: ["player", "visitor"], baselines: {} },
    }),
    "routes/blog/blogs.tsx": () => ({ query: blogSearch }),
    "routes/blog/blog-feed.ts": () => ({}),
    "routes/blog/blog-post.tsx": () => ({}),
    "routes/blog/api.blogs.ts": () => ({ query: [...blogSearch, "locale"] }),
    "routes/blog/api.blog.ts": () => ({}),
    "routes/shop/shop.tsx": () => ({ query: shopSearch }),
    "routes/shop/shop-item.tsx": () => ({}),
    "routes/shop/api.products.ts": () => ({ query: shopSearch }),
    "routes/shop/api.product.ts": () => ({}),
    "routes/shop/cart.tsx": () => ({
      write: {
        method: "POST",
        encoding: "form",
        as: ["visitor", "player"],
        baselines: {
          add: [
            ["intent", "add"],
            ["productId", "1"],
            ["quantity", "2"],
          ],
          quantity: [
            ["intent", "quantity"],
            ["productId", "1"],
            ["quantity", "3"],
          ],
          remove: [
            ["intent", "remove"],
            ["productId", "1"],
          ],
          province: [
            ["intent", "province"],
            ["province", "QC"],
          ],
          checkout: [["intent", "checkout"], ...buyer],
        },
      },
    }),
    "routes/shop/api.cart.ts": () => ({
      write: {
        method: "PATCH",
        encoding: "json",
        as: ["visitor", "player"],
        baselines: { province: [["province", "ON"]] },
      },
    }),
    "routes/shop/api.cart-items.ts": () => ({
      write: {
        method: "POST",
        encoding: "json",
        as: ["visitor", "player"],
        baselines: {
          add: [
            ["productId", { json: "1" }],
            ["quantity", { json: "2" }],
          ],
        },
      },
    }),
    "routes/shop/api.cart-item.ts": () => ({
      write: {
        method: "PATCH",
        encoding: "json",
        as: ["visitor", "player"],
        baselines: { quantity: [["quantity", { json: "2" }]] },
      },
    }),
    "routes/shop/api.cart-checkout.ts": () => ({
      write: { method: "POST", encoding: "json", as: ["visitor", "player"], baselines: { buyer } },
    }),
    "routes/pricing/pricing.tsx": () => ({
      query: ["billing", "plan", "business"],
      write: visitorForm({
        request: [
          ["plan", "business"],
          ["billing", "annual"],
          ["businessName", "Fuzz Bakery"],
          ["contactName", "Fuzz Player"],
          ["email", EMAIL],
          ["phone", "514 555 0123"],
          ["province", "QC"],
          ["claim", "/businesses/1"],
        ],
      }),
    }),
    "routes/pricing/api.pricing.ts": () => ({}),
    "routes/quiz/playgames.tsx": () => {
      const session: [string, string] = ["session", "00000000-0000-4000-8000-000000000000"];
      return {
        query: ["results"],
        write: {
          method: "POST",
          encoding: "form",
          as: ["player", "visitor"],
          baselines: {
            start: [
              ["intent", "start"],
              ["category", "math"],
            ],
            answer: [["intent", "answer"], session, ["position", "1"], ["choice", "0"]],
            next: [["intent", "next"], session],
            finish: [["intent", "finish"], session],
            feedback: [["intent", "feedback"], session, ["text", "Fun questions"]],
            timer: [["intent", "timer"], session, ["quizTimer", "60"]],
          },
        },
      };
    },
    "routes/quiz/api.quiz.categories.ts": () => ({}),
    "routes/quiz/api.quiz.sessions.ts": () => ({
      write: {
        method: "POST",
        encoding: "json",
        as: ["player", "visitor"],
        baselines: { start: [["category", "math"]] },
      },
    }),
    "routes/quiz/api.quiz.sessions.answers.ts": () => ({
      write: {
        method: "POST",
        encoding: "json",
        as: ["player", "visitor"],
        baselines: {
          answer: [
            ["position", { json: "1" }],
            ["choice", { json: "0" }],
          ],
        },
      },
    }),
    "routes/quiz/api.quiz.sessions.finish.ts": () => ({
      write: { method: "POST", encoding: "json", as: ["player", "visitor"], baselines: {} },
    }),
    "routes/quiz/api.quiz.sessions.practice.ts": () => ({
      write: {
        method: "POST",
        encoding: "json",
        as: ["player", "visitor"],
        baselines: { practice: [["locale", "en-CA"]] },
      },
    }),
    ...communityProfiles(),
    ...playerProfiles(),
    ...partyProfiles(),
    "routes/site/sitemap.ts": () => ({}),
    "routes/site/sitemap-part.ts": () => ({}),
    "routes/site/robots.ts": () => ({}),
    "routes/quiz/api.quiz.sessions.feedback.ts": () => ({
      write: {
        method: "POST",
        encoding: "json",
        as: ["player", "visitor"],
        baselines: { feedback: [["text", "Fun questions"]] },
      },
    }),
  };
}

const asPlayer = (
  method: string,
  encoding: "form" | "json",
  baselines: Record<string, Fields>,
): Write => ({ method, encoding, baselines, as: ["player", "visitor"] });

/** A party's pages that a non-member opens and posts to: each must refuse them. */
const read = () => ({});
const form = (baselines: Record<string, Fields>) => ({
  write: asPlayer("POST", "form", baselines),
});

/** A listing's owners and an employer's members share one form: invite by e-mail, or remove. */
const MEMBERS_FORM: Record<string, Fields> = {
  invite: [
    ["intent", "invite"],
    ["email", EMAIL],
  ],
  remove: [
    ["intent", "remove"],
    ["userId", "fuzz"],
  ],
};

/** Reviews, questions, answers, reports and saved businesses (app/directory/community.ts). */
function communityProfiles(): Record<string, (pattern: string) => Partial<Target>> {
  const review: Fields = [
    ["rating", { json: "4" }],
    ["body", "Friendly staff and fresh bread every morning."],
    ["locale", "en-CA"],
  ];
  const report: Fields = [
    ["reason", "spam"],
    ["details", "Fuzz"],
  ];
  return {
    "routes/directory/api.business.reviews.ts": () => ({
      query: ["sort", "cursor"],
      write: asPlayer("POST", "json", { review }),
    }),
    "routes/directory/api.business.questions.ts": () => ({
      query: ["cursor"],
      write: asPlayer("POST", "json", {
        ask: [
          ["question", "Is there parking nearby?"],
          ["locale", "fr-CA"],
        ],
      }),
    }),
    "routes/directory/api.review.ts": () => ({
      write: asPlayer("PATCH", "json", { edit: review }),
    }),
    "routes/directory/api.question.answers.ts": () => ({
      write: asPlayer("POST", "json", {
        answer: [
          ["answer", "Yes, behind the shop."],
          ["locale", "en-CA"],
        ],
      }),
    }),
    "routes/directory/api.reports.ts": () => ({ write: asPlayer("POST", "json", { report }) }),
    "routes/directory/api.business.reports.ts": () => ({
      write: { ...asPlayer("POST", "json", { report }), as: ["visitor", "player"] },
    }),
    "routes/directory/api.saved-businesses.ts": () => ({}),
    // The body is not read: PUT saves, DELETE unsaves.
    "routes/directory/api.saved-business.ts": () => ({ write: asPlayer("PUT", "json", {}) }),
    // A listing's counted links (stats, issue 26): business 1 has a phone; the body of the share
    // count is not read.
    "routes/directory/go.ts": (pattern) => ({
      path: pattern.replace(":id", "1").replace(":target", "phone"),
    }),
    "routes/directory/shared.ts": () => ({ write: asPlayer("POST", "form", { share: [] }) }),
    // Review 1 is one of business 1's demo reviews, so the page shows its form.
    "routes/directory/report.tsx": (pattern) => ({
      path: `${pattern.replace(":id", "1")}?review=1`,
      query: ["review", "question", "answer"],
      write: asPlayer("POST", "form", { report }),
    }),
  };
}

/** Leaderboard, profiles, follows and redeem requests (app/players). */
function playerProfiles(): Record<string, (pattern: string) => Partial<Target>> {
  const redeem: Fields = [
    ["goal", "sticker-pack"],
    ["name", "Fuzz Player"],
    ["email", EMAIL],
    ["phone", "514 555 0123"],
  ];
  return {
    "routes/players/api.leaderboard.ts": () => ({ query: ["page"] }),
    "routes/players/api.player.ts": () => ({}),
    // The body is not read: PUT follows, DELETE unfollows.
    "routes/players/api.player.follow.ts": () => ({ write: asPlayer("PUT", "json", {}) }),
    "routes/players/api.player.follow-list.ts": () => ({ query: ["cursor"] }),
    "routes/players/api.redeem.goals.ts": () => ({}),
    "routes/players/api.redeem.requests.ts": () => ({
      write: {
        ...asPlayer("POST", "json", { redeem: [...redeem, ["agree", { json: "true" }]] }),
        headers: [["idempotency-key", "fuzz-idempotency-key-1"]],
      },
    }),
    "routes/players/leaderboard.tsx": () => ({ query: ["page"] }),
    "routes/players/profile-view.tsx": () => ({
      write: asPlayer("POST", "form", {
        follow: [["intent", "follow"]],
        unfollow: [["intent", "unfollow"]],
      }),
    }),
    "routes/players/follow-list.tsx": () => ({ query: ["cursor"] }),
    "routes/players/redeem.tsx": () => ({
      query: ["goal", "notice"],
      write: asPlayer("POST", "form", {
        redeem: [...redeem, ["agree", "on"], ["idempotencyKey", "fuzz-idempotency-key-2"]],
      }),
    }),
    "routes/players/reedem.ts": () => ({}),
  };
}

/**
 * What belongs to a party (issues 25–27): the console, a listing's manage pages and an employer's
 * pages, and the ways into them (add a business, claim one, accept an invitation, the two-factor
 * step). Neither fuzz player is staff, an owner, an employer or an adult, so every case here tries
 * what comes before the role check: each must be refused (the 404 for the party's pages) without
 * a 5xx or a change. Fuzzing them signed in as staff or as an owner is not done yet.
 */
function partyProfiles(): Record<string, (pattern: string) => Partial<Target>> {
  const reason: Fields = [["reason", "Not a real business"]];
  const decision = (first: string, second: string, text: string): Record<string, Fields> => ({
    [first]: [["intent", first]],
    [second]: [
      ["intent", second],
      [text, "Fuzz"],
    ],
  });
  return {
    "routes/staff/layout.tsx": read,
    "routes/staff/queue.tsx": () => ({ query: ["kind", "cursor"] }),
    "routes/staff/two-factor.tsx": () =>
      form({
        start: [
          ["intent", "start"],
          ["password", "canoe-portage-42"],
        ],
        confirm: [
          ["intent", "confirm"],
          ["code", "123456"],
        ],
      }),
    "routes/staff/members.tsx": () =>
      form({
        grant: [
          ["intent", "grant"],
          ["member", "fuzz-alice@example.test"],
          ["role", "moderator"],
        ],
        change: [
          ["intent", "change"],
          ["memberId", "fuzz"],
          ["role", "none"],
          ["seen", "moderator"],
        ],
      }),
    "routes/staff/audit.tsx": () => ({
      query: ["actor", "action", "targetKind", "targetId", "cursor"],
    }),
    "routes/staff/redeem.tsx": () => ({ query: ["cursor"] }),
    "routes/staff/redeem-request.tsx": () => form(decision("fulfil", "decline", "reason")),
    "routes/staff/claim.tsx": () =>
      form({ approve: [["intent", "approve"]], reject: [["intent", "reject"], ...reason] }),
    "routes/staff/plans.tsx": () => ({ query: ["cursor"] }),
    "routes/staff/plan-request.tsx": () =>
      form({
        note: [
          ["act", "note"],
          ["note", "Called back"],
        ],
        move: [
          ["act", "won"],
          ["from", "new"],
        ],
      }),
    "routes/staff/listing.tsx": () =>
      form({ approve: [["intent", "approve"]], reject: [["intent", "reject"], ...reason] }),
    "routes/staff/listing-history.tsx": () =>
      form({
        restore: [
          ["version", "1"],
          ["current", "2"],
        ],
      }),
    "routes/staff/players.tsx": () => ({ query: ["q", "cursor"] }),
    "routes/staff/player.tsx": () =>
      form({
        ban: [
          ["intent", "ban"],
          ["until", "2030-01-01"],
          ["details", "Fuzz"],
          ["seen", "0"],
        ],
        lift: [
          ["intent", "lift"],
          ["seen", "0"],
        ],
        rename: [
          ["intent", "rename"],
          ["field", "name"],
          ["seen", "0"],
        ],
      }),
    "routes/staff/content-posts.tsx": () => ({ query: ["cursor"] }),
    "routes/staff/content-post.tsx": () =>
      form({
        save: [
          ["intent", "save"],
          ["title_en-CA", "Fuzz"],
          ["type", "news"],
        ],
      }),
    "routes/staff/content-products.tsx": () => ({ query: ["cursor"] }),
    "routes/staff/content-product.tsx": () =>
      form({
        save: [
          ["intent", "save"],
          ["version", "0"],
          ["name_en-CA", "Fuzz"],
          ["price", "1.00"],
        ],
      }),
    "routes/staff/content-plans.tsx": read,
    "routes/staff/content-plan.tsx": () =>
      form({
        save: [
          ["version", "0"],
          ["name_en-CA", "Fuzz"],
          ["monthly", "10.00"],
        ],
      }),
    "routes/staff/content-goals.tsx": read,
    "routes/staff/content-goal.tsx": () =>
      form({
        save: [
          ["version", "0"],
          ["name_en-CA", "Fuzz"],
          ["cost", "100"],
        ],
      }),
    "routes/staff/orders.tsx": () => ({ query: ["q", "status", "cursor"] }),
    "routes/staff/order.tsx": () =>
      form({
        paid: [
          ["intent", "mark_paid"],
          ["from", "awaiting_payment"],
        ],
      }),
    "routes/staff/reports.tsx": () => ({ query: ["open", "hidden", "cursor"] }),
    "routes/staff/report.tsx": (pattern) => ({
      path: pattern.replace(":kind", "review").replace(":id", "1"),
      query: ["done"],
      write: asPlayer("POST", "form", {
        hide: [
          ["intent", "hide"],
          ["reason", "spam"],
        ],
        dismiss: [["intent", "dismiss"]],
      }),
    }),
    "routes/directory/manage/layout.tsx": read,
    "routes/directory/manage/listing.tsx": () =>
      form({
        save: [
          ["version", "1"],
          ["name", "Fuzz"],
          ["category", "restaurants"],
        ],
      }),
    "routes/directory/manage/hours.tsx": () => form({ save: [["timeZone", "America/Toronto"]] }),
    "routes/directory/manage/reviews.tsx": () =>
      form({
        reply: [
          ["intent", "reply"],
          ["reviewId", "1"],
          ["body", "Thank you"],
        ],
      }),
    "routes/directory/manage/owners.tsx": () => form(MEMBERS_FORM),
    "routes/directory/manage/stats.tsx": read,
    "routes/jobs/employer/layout.tsx": read,
    "routes/jobs/employer/overview.tsx": read,
    "routes/directory/api.review-reply.ts": () => ({
      write: asPlayer("PUT", "json", { reply: [["body", "Thank you for coming."]] }),
    }),
    // Adults only: the fuzz players gave no age, so a sound claim or listing is refused too.
    "routes/directory/claim.tsx": () =>
      form({
        send: [["intent", "send"]],
        verify: [
          ["intent", "verify"],
          ["code", "123456"],
        ],
      }),
    "routes/directory/add-business.tsx": () =>
      form({
        add: [
          ["name", "Fuzz Bakery"],
          ["category", "restaurants"],
          ["address", "1 Fuzz Street"],
          ["city", "Toronto"],
          ["province", "ON"],
          ["postalCode", "M5V 1A1"],
          ["phone", "416 555 0123"],
          ["description_en-CA", "Fresh bread."],
        ],
      }),
    "routes/directory/owner-invite.tsx": () => ({
      query: ["t"],
      write: asPlayer("POST", "form", { accept: [["t", "not-a-token"]] }),
    }),
    // Asks for the second step of a sign-in none of the fuzz players started.
    "routes/auth/two-factor.tsx": () => ({
      query: ["redirectTo"],
      write: asPlayer("POST", "form", { code: [["code", "123456"]] }),
    }),
    "routes/shop/orders.tsx": () => ({ query: ["cursor"] }),
    "routes/shop/order-status.tsx": () => ({ query: ["t"] }),
    "routes/staff/claim-document.ts": read,
    "routes/staff/employer.tsx": () =>
      form({ verify: [["intent", "verify"]], reject: [["intent", "reject"], ...reason] }),
    "routes/staff/posting.tsx": () =>
      form({ approve: [["intent", "approve"]], reject: [["intent", "reject"]] }),
    "routes/directory/manage/pictures.tsx": () =>
      form({
        add: [
          ["intent", "add"],
          ["picture", NO_FILE],
          ["alt_en-CA", "Fuzz"],
        ],
        alt: [
          ["intent", "alt"],
          ["id", "1"],
          ["alt_en-CA", "Fuzz"],
        ],
        up: [
          ["intent", "up"],
          ["id", "1"],
          ["position", "2"],
        ],
        remove: [
          ["intent", "remove"],
          ["id", "1"],
          ["position", "1"],
        ],
      }),
    "routes/directory/manage/products.tsx": () =>
      form({
        add: [
          ["intent", "add"],
          ["name_en-CA", "Fuzz"],
          ["price", "1.00"],
          ["picture", NO_FILE],
        ],
        promotion: [
          ["intent", "promotion"],
          ["title_en-CA", "Fuzz"],
        ],
        "promotion-remove": [["intent", "promotion-remove"]],
        down: [
          ["intent", "down"],
          ["index", "0"],
        ],
      }),
    ...employerProfiles(),
    ...familyProfiles(),
  };
}

/**
 * An employer's API and pages, and a job seeker's applications (issue 27). Neither fuzz player is a
 * member of an employer, so every case must be refused before or at the membership check.
 */
function employerProfiles(): Record<string, (pattern: string) => Partial<Target>> {
  const posting: Fields = [
    ["title", { json: '{"en-CA":"Fuzz","fr-CA":"Fuzz"}' }],
    ["city", "Toronto"],
    ["province", "ON"],
    ["postalCode", "M5V 1A1"],
    ["workSetting", "remote"],
    ["contactEmail", "fuzz@example.test"],
  ];
  const move: Fields = [
    ["status", "interview"],
    ["interviewAt", "2030-01-01T10:00"],
  ];
  return {
    "routes/jobs/api.employer.jobs.ts": () => ({
      write: asPlayer("POST", "json", {
        create: [["employerId", { json: "1" }], ...posting, ["publish", { json: "false" }]],
      }),
    }),
    "routes/jobs/api.employer.job.ts": () => ({
      write: asPlayer("PATCH", "json", { close: [["status", "closed"]] }),
    }),
    "routes/jobs/api.employer.job.applications.ts": () => ({ query: ["cursor", "status"] }),
    "routes/jobs/api.employer.application.ts": () => ({
      write: asPlayer("PATCH", "json", { move }),
    }),
    "routes/jobs/applications.tsx": () => form({ withdraw: [["application", "1"]] }),
    "routes/jobs/application-link.tsx": (pattern) => ({
      path: pattern.replace(":token", "not-a-token"),
      ...form({ withdraw: [["application", "1"]] }),
    }),
    "routes/jobs/fraud-policy.tsx": read,
    "routes/jobs/employer/mine.tsx": read,
    "routes/jobs/employer/new.tsx": () =>
      form({
        create: [
          ["name", "Fuzz Employer"],
          ["province", "ON"],
          ["contactEmail", "fuzz@example.test"],
          ["descriptionEn", "Fuzz"],
          ["descriptionFr", "Fuzz"],
          ["logo", NO_FILE],
        ],
      }),
    "routes/jobs/employer/invite.tsx": () => ({
      query: ["t"],
      ...form({ accept: [["t", "not-a-token"]] }),
    }),
    "routes/jobs/employer/members.tsx": () => form(MEMBERS_FORM),
    "routes/jobs/employer/jobs.tsx": read,
    "routes/jobs/employer/job-new.tsx": () => form({ save: posting }),
    "routes/jobs/employer/job.tsx": () =>
      form({
        save: [["intent", "save"], ...posting],
        close: [["intent", "close"]],
        repost: [
          ["intent", "repost"],
          ["closesOn", "2030-01-01"],
        ],
      }),
    "routes/jobs/employer/applications.tsx": () => form({ move: [["application", "1"], ...move] }),
    "routes/jobs/employer/application-cv.ts": read,
  };
}

/**
 * A parent's pages and a child's wait for consent (issue 27). Neither fuzz player is a parent or a
 * child waiting, so every case must be refused at the family check.
 */
function familyProfiles(): Record<string, (pattern: string) => Partial<Target>> {
  const child = "fuzz-child";
  return {
    "routes/players/family.tsx": () =>
      form({
        profile: [
          ["intent", "profile"],
          ["childId", child],
          ["profilePublic", "on"],
        ],
        timer: [
          ["intent", "timer"],
          ["childId", child],
          ["quizTimer", "60"],
        ],
        cap: [
          ["intent", "cap"],
          ["childId", child],
          ["pointsCap", "100"],
        ],
      }),
    "routes/players/family-waiting.tsx": () =>
      form({
        ask: [
          ["intent", "ask"],
          ["parentEmail", EMAIL],
        ],
        resend: [["intent", "resend"]],
      }),
    "routes/players/family-consent.tsx": (pattern) => ({
      path: pattern.replace(":token", "not-a-token"),
      ...form({ consent: [["intent", "consent"]], withdraw: [["intent", "withdraw"]] }),
    }),
    "routes/players/family-child.tsx": () =>
      form({
        approve: [
          ["intent", "approve"],
          ["request", "1"],
        ],
        age: [
          ["intent", "age"],
          ["age", "12"],
        ],
        delete: [
          ["intent", "delete"],
          ["confirm", "yes"],
        ],
      }),
    "routes/players/family-child-data.tsx": read,
    "routes/players/family-child-export.ts": read,
  };
}

function flatten(entries: RouteConfigEntry[], parent = ""): { pattern: string; file: string }[] {
  return entries.flatMap((entry) => {
    const pattern = `${parent}/${entry.path ?? ""}`.replace(/\/+/g, "/").replace(/(.)\/$/, "$1");
    return [{ pattern, file: entry.file }, ...flatten(entry.children ?? [], pattern)];
  });
}

function routeTargets(ctx: Context): Target[] {
  const profiles = routeProfiles(ctx);
  const missing = flatten(routes).filter(({ file }) => !profiles[file]);
  if (missing.length > 0) {
    throw new Error(
      `No fuzz cases for ${missing.map(({ pattern, file }) => `${pattern} (${file})`).join(", ")}: ` +
        "describe what the handler reads in routeProfiles (scripts/fuzz/cases.ts).",
    );
  }
  return flatten(routes).map(({ pattern, file }) => {
    const profile = profiles[file]?.(pattern) ?? {};
    return {
      route: pattern,
      path:
        profile.path ??
        pattern
          .replace(/:(id|productId|jobId|applicationId)\b/g, "1")
          .replace(":childId", "fuzz-child")
          .replace(":slug", "quebec-winter-carnival-with-children")
          .replace(":handle", ctx.players[1].handle)
          .replace(":name", "en-pages.xml")
          .replace("*", "no-such-page"),
      query: profile.query ?? [],
      as: ["visitor", "player"],
      write: profile.write,
      judge: PAGE_JUDGES[file] ?? NEVER,
      page: !pattern.startsWith("/api/"),
    };
  });
}

/** Endpoints that act on the signed-in player: their fields are fuzzed with a session. */
const SESSION_ENDPOINTS = new Set([
  "/update-user",
  "/change-password",
  "/link-social",
  "/send-verification-email",
  "/change-email",
  "/unlink-account",
  "/revoke-session",
  "/verify-password",
  "/get-access-token",
  "/refresh-token",
  "/delete-user",
]);

/** Better Auth's endpoints under /api/auth, with a sound body each (which the cases then break). */
function authTargets(ctx: Context): Target[] {
  const [player] = ctx.players;
  const post = (
    path: string,
    fields: Fields,
    as: Who[] = SESSION_ENDPOINTS.has(path) ? ["player", "visitor"] : ["visitor", "player"],
    refused?: Fields,
  ): Target => ({
    route: `/api/auth${path}`,
    path: `/api/auth${path}`,
    query: [],
    as,
    write: {
      method: "POST",
      encoding: "json",
      baselines: { body: fields },
      as,
      refused,
      guardsUserColumns: path === "/update-user",
    },
    judge: AUTH_JUDGES[path] ?? NEVER,
    page: false,
  });
  const get = (path: string, query: string[], route = path): Target => ({
    route: `/api/auth${route}`,
    path: `/api/auth${path}`,
    query,
    as: ["visitor", "player"],
    judge: NEVER,
    page: false,
  });
  return [
    post(
      "/sign-up/email",
      [
        ["email", EMAIL],
        ["name", "Fuzz Player"],
        ["password", "canoe-portage-42"],
        ["age", { json: "12" }],
        ["locale", "en-CA"],
      ],
      ["visitor"],
    ),
    post("/sign-in/email", [
      ["email", player.email],
      ["password", "wrong-password-1"],
      ["rememberMe", { json: "true" }],
      ["callbackURL", "/profile"],
    ]),
    post("/request-password-reset", [
      ["email", "nobody@example.test"],
      ["redirectTo", "/reset-password"],
    ]),
    post("/reset-password", [
      ["newPassword", "canoe-portage-43"],
      ["token", "fuzz-token"],
    ]),
    // Better Auth stores any name or locale it is given; an e-mail it always refuses.
    post(
      "/update-user",
      [
        ["name", "Fuzz Player"],
        ["locale", "fr-CA"],
      ],
      undefined,
      [["email", "fuzz@example.test"]],
    ),
    post("/change-password", [
      ["currentPassword", "wrong-password-1"],
      ["newPassword", "canoe-portage-44"],
      ["revokeOtherSessions", { json: "true" }],
    ]),
    post("/sign-in/social", [
      ["provider", "google"],
      ["callbackURL", "/"],
      ["errorCallbackURL", "/login"],
    ]),
    post("/link-social", [
      ["provider", "google"],
      ["callbackURL", "/profile"],
    ]),
    post("/send-verification-email", [
      ["email", "nobody@example.test"],
      ["callbackURL", "/profile"],
    ]),
    post("/change-email", [["newEmail", "nobody@example.test"]]),
    post("/unlink-account", [["providerId", "google"]]),
    post("/revoke-session", [["token", "not-a-session-token"]]),
    post("/verify-password", [["password", "wrong-password-1"]]),
    post("/get-access-token", [["providerId", "google"]]),
    post("/refresh-token", [["providerId", "google"]]),
    post("/sign-out", []),
    post("/revoke-sessions", []),
    post("/revoke-other-sessions", []),
    post("/delete-user", [["password", "wrong-password-1"]]),
    post("/update-session", []),
    get("/verify-email", ["token", "callbackURL"]),
    get("/reset-password/fuzz-token", ["callbackURL"], "/reset-password/:token"),
    get("/callback/google", ["state", "code", "error"], "/callback/:id"),
    get("/callback/no-such-provider", ["state", "code"], "/callback/:id"),
    get("/delete-user/callback", ["token", "callbackURL"]),
    get("/get-session", ["disableCookieCache"]),
    get("/list-sessions", []),
    get("/list-accounts", []),
    get("/account-info", ["accountId"]),
    get("/error", ["error", "error_description"]),
    get("/ok", []),
    get("/no-such-endpoint", []),
  ];
}

/** Pictures the avatar routes must refuse; none of them is a sound image. */
function malformedPictures(ctx: Context): Record<string, Uint8Array> {
  const { jpeg, random } = ctx;
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const iend = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
  const riff = Buffer.alloc(64);
  riff.write("RIFF", 0);
  riff.writeUInt32LE(56, 4);
  riff.write("WEBPVP8 ", 8);
  return {
    empty: new Uint8Array(),
    pdf: Buffer.from("%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<< >>\nendobj\n%%EOF"),
    svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    "random-bytes": random.bytes(4_096),
    "jpeg-truncated": jpeg.subarray(0, Math.floor(jpeg.length / 2)),
    "jpeg-with-script-appended": Buffer.concat([jpeg, Buffer.from("<script>alert(1)</script>")]),
    "jpeg-markers-only": Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff]),
      Buffer.alloc(512),
      Buffer.from([0xff, 0xd9]),
    ]),
    "png-signature-only": Buffer.concat([png, Buffer.alloc(64), iend]),
    "webp-empty-frame": riff,
    "nul-bytes": Buffer.alloc(2_048),
  };
}

export function generateCases(ctx: Context): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const [playerA, playerB] = ctx.players;
  const cookies = badCookies(playerA.token);
  const pictures = malformedPictures(ctx);

  const cookieOf = (who: Who): string | undefined => {
    if (who === "visitor") return undefined;
    if (who === "player") return ctx.random.next() < 0.5 ? playerA.cookie : playerB.cookie;
    return cookies[who.slice("bad-cookie:".length)];
  };

  const add = (target: Target, draft: Draft) => {
    const id = cases.length;
    const email = `fuzz-${id}@example.test`;
    const body = draft.body && replaceBytes(draft.body, EMAIL, email);
    const headers: [string, string][] = [
      ["host", ctx.host],
      ["user-agent", "nearby-fuzz"],
      ["accept", "text/html,application/json;q=0.9,*/*;q=0.8"],
      ["connection", "close"],
      // Every case from its own address: Better Auth's per-address limits would otherwise turn
      // all but the first few auth cases into 429s that never reach the code under test.
      ["x-fuzz-client-ip", `10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}`],
    ];
    if (draft.method !== "GET" && draft.method !== "HEAD") headers.push(["origin", ctx.origin]);
    const cookie = cookieOf(draft.who);
    if (cookie !== undefined) headers.push(["cookie", cookie]);
    if (draft.contentType !== undefined) headers.push(["content-type", draft.contentType]);
    for (const [name, value] of draft.headers ?? []) {
      const at = headers.findIndex(([key]) => key === name);
      if (at >= 0) headers.splice(at, 1);
      if (value !== null) headers.push([name, value]);
    }
    cases.push({
      id,
      route: target.route,
      kind: draft.kind,
      who: draft.who,
      request: {
        method: draft.method,
        target: draft.path,
        headers,
        body,
        framing: draft.framing,
        cutAt: draft.cutAt,
      },
      judge: target.judge,
    });
  };

  const targets = [...routeTargets(ctx), ...authTargets(ctx)];
  for (const target of targets) {
    readCases(target, add);
    methodCases(target, add);
    headerCases(target, add, cookies);
    if (target.write) writeCases(target, target.write, add, ctx, pictures);
    if (target.page) dataRequestCases(target, add);
  }
  staticCases(add, ctx);
  rateLimitCases(add, ctx);
  return cases;
}

type Add = (target: Target, draft: Draft) => void;

function withQuery(path: string, search: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}${search}`;
}

function readCases(target: Target, add: Add) {
  const params = target.query.length > 0 ? target.query : ["q"];
  for (const who of target.as) {
    for (const param of params) {
      for (const [name, value] of Object.entries(QUERY_VALUES)) {
        add(target, {
          kind: `query ${param}=${name}`,
          who,
          method: "GET",
          path: withQuery(target.path, query([[param, value]])),
        });
      }
      add(target, {
        kind: `query ${param} twice`,
        who,
        method: "GET",
        path: withQuery(
          target.path,
          query([
            [param, "1"],
            [param, "%00"],
          ]),
        ),
      });
    }
    for (const name of ODD_QUERY_NAMES) {
      add(target, {
        kind: `query name ${name}`,
        who,
        method: "GET",
        path: withQuery(target.path, `${name}=1`),
      });
    }
    add(target, {
      kind: "query 20k long",
      who,
      method: "GET",
      path: withQuery(target.path, `q=${"l".repeat(20_000)}`),
    });
  }
  // The route's first parameter gets each odd value; any others keep the sound path's real ids,
  // so the odd one is what the handler refuses.
  const segments = target.route.split("/");
  const sound = (target.path.split("?")[0] ?? "").split("/");
  const at = segments.findIndex((segment) => segment.startsWith(":") || segment === "*");
  if (at >= 0 && sound.length === segments.length) {
    for (const [name, value] of Object.entries(PATH_VALUES)) {
      add(target, {
        kind: `path ${segments[at]}=${name}`,
        who: "visitor",
        method: "GET",
        path: sound.with(at, value).join("/"),
      });
    }
  }
}

function methodCases(target: Target, add: Add) {
  for (const who of target.as) {
    for (const method of [...METHODS, ...ODD_METHODS]) {
      if (method === "GET" || method === target.write?.method) continue;
      const withBody = !["HEAD", "OPTIONS", "TRACE", "CONNECT"].includes(method);
      add(target, {
        kind: `method ${method}`,
        who,
        method,
        path: target.path,
        contentType: withBody ? "application/x-www-form-urlencoded" : undefined,
        body: withBody ? urlEncoded([["a", "1"]]) : undefined,
      });
    }
  }
}

function headerCases(target: Target, add: Add, cookies: Record<string, string>) {
  const write = target.write;
  const broken = write && refusedBody(write);
  const variants = (kind: string, who: Who, headers: [string, string | null][]) => {
    add(target, { kind, who, method: "GET", path: target.path, headers });
    if (write) {
      add(target, {
        kind: `${kind} on ${write.method}`,
        who,
        method: write.method,
        path: target.path,
        headers,
        ...broken,
      });
    }
  };
  for (const [name, headers] of Object.entries(HEADER_CASES))
    variants(`header ${name}`, "visitor", headers);
  for (const [name, value] of Object.entries(ACCEPT_LANGUAGES)) {
    variants(`accept-language ${name}`, "player", [["accept-language", value]]);
  }
  for (const [name, value] of Object.entries(HOSTS))
    variants(`host ${name}`, "visitor", [["host", value]]);
  for (const name of Object.keys(cookies)) variants(`cookie ${name}`, `bad-cookie:${name}`, []);
}

function refusedBody(write: Write): Pick<Draft, "body" | "contentType"> {
  if (write.encoding === "bytes")
    return { body: Buffer.from("not a picture"), contentType: "image/jpeg" };
  const [fields = []] = Object.values(write.baselines);
  const at = fields.findIndex(([name]) => name !== "intent");
  const emptied: Fields = fields.map(([name, value], index) => [name, index === at ? "" : value]);
  return encodeFields(write.encoding, write.refused ?? emptied);
}

function encodeFields(
  encoding: "form" | "json",
  fields: Fields,
): Pick<Draft, "body" | "contentType"> {
  if (encoding === "json") return { body: json(fields), contentType: "application/json" };
  if (fields.some(([, value]) => typeof value === "object" && "bytes" in value)) {
    return {
      body: multipart(fields, BOUNDARY),
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    };
  }
  return { body: urlEncoded(fields), contentType: "application/x-www-form-urlencoded" };
}

const BOUNDARY = "----nearby-fuzz-boundary";

/** Values for a header a sound write carries; null leaves it out. */
const HEADER_VALUES: Record<string, string | null> = {
  missing: null,
  empty: "",
  spaces: "fuzz key with spaces",
  short: "abc",
  "long-2k": "k".repeat(2_048),
  "non-ascii": "clé-fuzz-élève",
  "lone-surrogate": "\ud800-fuzz-key",
};

/** What a client would like to write into the columns it may not set. */
const PROTECTED_VALUES: Record<string, Value> = {
  id: "fuzz-other-id",
  email: "fuzz-takeover@example.test",
  emailVerified: { json: "true" },
  image: "https://evil.example/tracker.jpg",
  handle: "admin",
  playerType: "Champion",
  createdAt: "2000-01-01T00:00:00Z",
  updatedAt: "2000-01-01T00:00:00Z",
};

function writeCases(
  target: Target,
  write: Write,
  add: Add,
  ctx: Context,
  pictures: Record<string, Uint8Array>,
) {
  const send = (
    who: Who,
    kind: string,
    draft: Omit<Draft, "who" | "kind" | "method" | "path">,
    path = target.path,
  ) =>
    add(target, {
      kind,
      who,
      method: write.method,
      path,
      ...draft,
      headers: [...(write.headers ?? []), ...(draft.headers ?? [])],
    });

  if (write.encoding === "bytes") {
    for (const who of write.as) {
      for (const [name, bytes] of Object.entries(pictures)) {
        for (const type of ["image/jpeg", "image/png", "text/plain"]) {
          send(who, `picture ${name} as ${type}`, { body: bytes, contentType: type });
        }
      }
      send(who, "picture oversized", {
        body: ctx.random.bytes(ctx.maxBodyBytes + 1),
        contentType: "image/jpeg",
      });
      send(who, "picture oversized chunked", {
        body: ctx.random.bytes(ctx.maxBodyBytes + 1),
        contentType: "image/jpeg",
        framing: "chunked",
      });
      send(who, "picture cut mid-body", {
        body: pictures["random-bytes"],
        contentType: "image/jpeg",
        cutAt: 100,
      });
      send(
        who,
        "picture in multipart",
        encodeFields("form", [
          [
            "picture",
            {
              filename: "a.jpg",
              type: "image/jpeg",
              bytes: pictures["jpeg-truncated"] as Uint8Array,
            },
          ],
        ]),
      );
    }
    return;
  }

  // Field by field as the first identity (the one the route serves); the others get the rest.
  for (const [index, who] of write.as.entries()) {
    for (const [baselineName, baseline] of Object.entries(write.baselines)) {
      const label = Object.keys(write.baselines).length > 1 ? `${baselineName}: ` : "";
      const fieldNames =
        index > 0 ? [] : [...new Set([...baseline.map(([name]) => name), "extra"])];
      for (const field of fieldNames) {
        const replace = (value: Value | null): Fields => {
          const fields = baseline
            .filter(([name]) => name !== field || value !== null)
            .map(([name, old]): [string, Value] => [
              name,
              name === field && value !== null ? value : old,
            ]);
          return field === "extra" && value !== null ? [...fields, ["extra", value]] : fields;
        };
        const values: Record<string, Value> =
          field === "picture"
            ? Object.fromEntries(
                Object.entries(pictures).map(([name, bytes]) => [
                  name,
                  { filename: "me.jpg", type: "image/jpeg", bytes },
                ]),
              )
            : write.encoding === "json"
              ? {
                  ...Object.fromEntries(
                    Object.entries(JSON_TOKENS).map(([name, token]) => [name, { json: token }]),
                  ),
                  ...TEXTS,
                }
              : { ...TEXTS, ...NUMBER_TEXTS };
        for (const [name, value] of Object.entries(values)) {
          send(who, `${label}field ${field}=${name}`, encodeFields(write.encoding, replace(value)));
        }
        if (field === "extra") continue;
        send(who, `${label}field ${field} missing`, encodeFields(write.encoding, replace(null)));
        const bad = TEXTS["nul-inside"] as string;
        const original = baseline.find(([name]) => name === field)?.[1] ?? "";
        send(
          who,
          `${label}field ${field} twice, bad last`,
          encodeFields(write.encoding, [...replace(original), [field, bad]]),
        );
        send(
          who,
          `${label}field ${field} twice, bad first`,
          encodeFields(write.encoding, [[field, bad], ...replace(original)]),
        );
        if (write.encoding === "form") {
          for (const name of ["nul-inside", "lone-high-surrogate", "control-chars", "long-64k"]) {
            const fields = replace(TEXTS[name] as string);
            send(who, `${label}field ${field}=${name} (multipart)`, {
              body: multipart(fields, BOUNDARY),
              contentType: `multipart/form-data; boundary=${BOUNDARY}`,
            });
          }
          const asFile: FilePart = {
            filename: "x.txt",
            type: "text/plain",
            bytes: Buffer.from("Fuzz Player"),
          };
          send(who, `${label}field ${field} as a file`, encodeFields("form", replace(asFile)));
        }
      }
      contentTypeCases(
        write,
        baseline,
        (kind, draft, path) => send(who, `${label}${kind}`, draft, path),
        target,
      );
      if (write.guardsUserColumns && index === 0) {
        for (const field of PROTECTED_USER_FIELDS) {
          send(
            who,
            `protected column ${field}`,
            encodeFields("json", [[field, PROTECTED_VALUES[field] ?? { json: "99999" }]]),
          );
        }
      }
      if (
        target.route.includes("profile") ||
        target.route.includes("login") ||
        target.route.includes("register")
      ) {
        intentCases(
          write,
          baseline,
          (kind, draft, path) => send(who, `${label}${kind}`, draft, path),
          target,
        );
      }
    }
    const [first = []] = Object.values(write.baselines);
    for (const [name] of write.headers ?? []) {
      for (const [kind, value] of Object.entries(HEADER_VALUES)) {
        send(who, `header ${name}=${kind}`, {
          ...encodeFields(write.encoding, first),
          headers: [[name, value]],
        });
      }
    }
    framingCases(write, Object.values(write.baselines)[0] ?? [], ctx, (kind, draft) =>
      send(who, kind, draft),
    );
  }
}

type Send = (
  kind: string,
  draft: Omit<Draft, "who" | "kind" | "method" | "path">,
  path?: string,
) => void;

function dataPath(target: string) {
  const [path = "", search] = target.split(/\?(.*)/s);
  const data = path === "/" ? "/_root.data" : `${path}.data`;
  return search === undefined ? data : `${data}?${search}`;
}

function contentTypeCases(write: Write, baseline: Fields, send: Send, target: Target) {
  const form = urlEncoded(baseline);
  const asJson = json(baseline);
  const parts = multipart(baseline, BOUNDARY);
  const paths = target.page ? [target.path, dataPath(target.path)] : [target.path];
  for (const path of paths) {
    const suffix = path === target.path ? "" : " (.data)";
    const cases: [string, Uint8Array, string | undefined][] = [
      ["content-type none", write.encoding === "json" ? asJson : form, undefined],
      ["content-type text/plain", write.encoding === "json" ? asJson : form, "text/plain"],
      [
        "content-type application/xml",
        Buffer.from(
          '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
        ),
        "application/xml",
      ],
      ["content-type json declared, form sent", form, "application/json"],
      ["content-type form declared, json sent", asJson, "application/x-www-form-urlencoded"],
      ["content-type multipart without boundary", parts, "multipart/form-data"],
      [
        "content-type multipart with another boundary",
        parts,
        "multipart/form-data; boundary=not-the-boundary",
      ],
      ["content-type multipart with empty boundary", parts, "multipart/form-data; boundary="],
      [
        "content-type multipart with 200-char boundary",
        multipart(baseline, "b".repeat(200)),
        `multipart/form-data; boundary=${"b".repeat(200)}`,
      ],
      [
        "content-type multipart declared, form sent",
        form,
        `multipart/form-data; boundary=${BOUNDARY}`,
      ],
      ["content-type form in utf-16", form, "application/x-www-form-urlencoded; charset=utf-16"],
      ["content-type garbage", form, ";;;==;"],
      ["content-type with NUL", form, "application/x-www-form-urlencoded\u0000"],
      ["content-type json with bad charset", asJson, "application/json; charset=klingon"],
      [
        "body empty",
        new Uint8Array(),
        write.encoding === "json" ? "application/json" : "application/x-www-form-urlencoded",
      ],
    ];
    for (const [kind, body, contentType] of cases)
      send(`${kind}${suffix}`, { body, contentType }, path);
  }
  if (write.encoding === "json") {
    for (const [kind, text] of [
      ["json top-level array", "[1,2,3]"],
      ["json top-level string", '"Fuzz Player"'],
      ["json null", "null"],
      ["json truncated", new TextDecoder().decode(asJson).slice(0, Math.ceil(asJson.length / 2))],
      ["json trailing garbage", `${new TextDecoder().decode(asJson)} trailing`],
      ["json with BOM", `\ufeff${new TextDecoder().decode(asJson)}`],
      [
        "json proto pollution",
        '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
      ],
      ["json deeply nested", `{"a":${"[".repeat(5_000)}${"]".repeat(5_000)}}`],
    ] as const) {
      send(kind, { body: Buffer.from(text), contentType: "application/json" });
    }
  }
}

function intentCases(write: Write, baseline: Fields, send: Send, target: Target) {
  const rest = baseline.filter(([name]) => name !== "intent");
  for (const path of [target.path, dataPath(target.path)]) {
    const suffix = path === target.path ? "" : " (.data)";
    for (const [name, intent] of Object.entries(INTENTS)) {
      const fields: Fields = intent === null ? rest : [["intent", intent], ...rest];
      send(
        `intent ${name}${suffix}`,
        encodeFields(write.encoding === "json" ? "json" : "form", fields),
        path,
      );
    }
  }
}

function framingCases(write: Write, baseline: Fields, ctx: Context, send: Send) {
  if (write.encoding === "bytes") return;
  const { body = new Uint8Array(), contentType } = encodeFields(write.encoding, baseline);
  const parts = multipart(baseline, BOUNDARY);
  const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;
  const half = Math.floor(body.length / 2);
  send("truncated multipart, no closing boundary", {
    body: parts.subarray(0, parts.length - BOUNDARY.length - 6),
    contentType: multipartType,
  });
  send("truncated multipart, mid-header", {
    body: parts.subarray(0, Math.min(parts.length, BOUNDARY.length + 20)),
    contentType: multipartType,
  });
  send("cut: connection closed mid-body", { body, contentType, cutAt: half });
  send("cut: declared length longer than body", {
    body,
    contentType,
    framing: { contentLength: String(body.length + 1_000) },
    cutAt: body.length,
  });
  send("framing: declared length shorter than body", {
    body,
    contentType,
    framing: { contentLength: String(half) },
  });
  for (const value of [
    "abc",
    "-1",
    "1e3",
    `${body.length}, ${body.length + 1}`,
    "99999999999999999999",
  ]) {
    send(`framing: content-length ${value.slice(0, 24)}`, {
      body,
      contentType,
      framing: { contentLength: value },
    });
  }
  send("framing: chunked", { body, contentType, framing: "chunked" });
  send("framing: body without length", { body, contentType, framing: "none" });
  send("framing: chunked with bad chunk size", {
    body: Buffer.concat([Buffer.from("zz\r\n"), body, Buffer.from("\r\n0\r\n\r\n")]),
    contentType,
    framing: "none",
    headers: [["transfer-encoding", "chunked"]],
  });
  send("framing: chunked and content-length", {
    body,
    contentType,
    framing: { contentLength: String(body.length) },
    headers: [["transfer-encoding", "chunked"]],
  });
  const padded = (bytes: number): Fields => {
    const at = baseline.findIndex(([name]) => name !== "intent");
    const fields: Fields = baseline.map(([name, value], index) => [
      name,
      index === at ? "p".repeat(bytes) : value,
    ]);
    return at < 0 ? [...fields, ["padding", "p".repeat(bytes)]] : fields;
  };
  const big = encodeFields(write.encoding, padded(ctx.maxBodyBytes + 1));
  send("oversized", big);
  send("oversized chunked", { ...big, framing: "chunked" });
  send("oversized multipart", {
    body: multipart(padded(ctx.maxBodyBytes + 1), BOUNDARY),
    contentType: multipartType,
  });
  send("oversized declared, small body sent", {
    body,
    contentType,
    framing: { contentLength: "10737418240" },
    cutAt: body.length,
  });
}

function dataRequestCases(target: Target, add: Add) {
  const path = dataPath(target.path);
  for (const who of target.as) {
    for (const [kind, search] of [
      ["data request", ""],
      ["data request _routes unknown", "_routes=no-such-route"],
      ["data request _routes empty", "_routes="],
      ["data request _routes NUL", "_routes=root%00"],
      ["data request _routes repeated", `_routes=${"root,".repeat(2_000)}`],
    ] as const) {
      add(target, { kind, who, method: "GET", path: search ? withQuery(path, search) : path });
    }
  }
}

function staticCases(add: Add, ctx: Context) {
  const files: Target = {
    route: "(static files)",
    path: "/",
    query: [],
    as: ["visitor"],
    judge: NEVER,
    page: false,
  };
  for (const [name, path] of Object.entries(STATIC_PATHS)) {
    for (const method of ["GET", "HEAD", "POST"]) {
      add(files, {
        kind: `static ${name}`,
        who: "visitor",
        method,
        path,
        ...(method === "POST" ? encodeFields("form", [["a", "1"]]) : {}),
      });
    }
  }
  const avatars: Target = {
    route: "/uploads/avatars/:name",
    path: ctx.avatarPath,
    query: [],
    as: ["visitor"],
    judge: NEVER,
    page: false,
  };
  const name = ctx.avatarPath.split("/").pop() ?? "";
  const names: Record<string, string> = {
    stored: name,
    "upper-case": name.toUpperCase(),
    "nul-suffix": `${name}%00`,
    "nul-before-extension": name.replace(".jpg", "%00.jpg"),
    "dot-dot-secret": "..%2f..%2fauth-secret",
    "dot-dot-raw": "../../auth-secret",
    "lone-surrogate": "%ED%A0%80.jpg",
    "long-hex": `${"a".repeat(4_000)}.jpg`,
    "no-extension": name.replace(".jpg", ""),
    "other-extension": name.replace(".jpg", ".png"),
    "trailing-slash": `${name}/`,
    "encoded-backslash": `..%5c..%5c${name}`,
  };
  for (const [kind, file] of Object.entries(names)) {
    for (const method of ["GET", "HEAD", "PUT", "DELETE", "POST"]) {
      add(avatars, {
        kind: `avatar name ${kind}`,
        who: "visitor",
        method,
        path: `/uploads/avatars/${file}`,
        ...(method === "PUT" || method === "POST"
          ? { body: Buffer.from("not a picture"), contentType: "image/jpeg" }
          : {}),
      });
    }
  }
}

/** A burst from one address: the limits must answer 429, never 5xx. */
function rateLimitCases(add: Add, ctx: Context) {
  const signIn: Target = {
    route: "/api/auth/sign-in/email",
    path: "/api/auth/sign-in/email",
    query: [],
    as: ["visitor"],
    judge: AUTH_JUDGES["/sign-in/email"] ?? NEVER,
    page: false,
  };
  const login: Target = {
    route: "/login",
    path: "/login",
    query: [],
    as: ["visitor"],
    judge: PAGE_JUDGES["routes/auth/login.tsx"] ?? NEVER,
    page: true,
  };
  const fields: Fields = [
    ["email", ctx.players[1].email],
    ["password", "wrong-password-2"],
  ];
  for (let i = 0; i < 12; i++) {
    const headers: [string, string][] = [["x-fuzz-client-ip", "10.255.0.1"]];
    add(signIn, {
      kind: "rate limit burst",
      who: "visitor",
      method: "POST",
      path: signIn.path,
      headers,
      ...encodeFields("json", fields),
    });
    add(login, {
      kind: "rate limit burst",
      who: "visitor",
      method: "POST",
      path: login.path,
      headers,
      ...encodeFields("form", [["intent", "login"], ...fields]),
    });
  }
}

function replaceBytes(bytes: Uint8Array, from: string, to: string): Uint8Array {
  const source = Buffer.from(bytes);
  const needle = Buffer.from(from);
  if (source.indexOf(needle) < 0) return bytes;
  const pieces: Buffer[] = [];
  let start = 0;
  for (let at = source.indexOf(needle); at >= 0; at = source.indexOf(needle, start)) {
    pieces.push(source.subarray(start, at), Buffer.from(to));
    start = at + needle.length;
  }
  pieces.push(source.subarray(start));
  return Buffer.concat(pieces);
}

/**
 * What a kind of case breaks, without the value it breaks it with: "field name=nul-inside
 * (multipart)" → "field name", "content-type text/plain (.data)" → "content-type".
 */
export function familyOf(kind: string): string {
  const label = /^\w+: /.exec(kind)?.[0] ?? "";
  const words = kind.slice(label.length).split(/[= ]/);
  const named = words[0] === "field" || words[0] === "query" || words[0] === "path";
  return `${label}${words.slice(0, named ? 2 : 1).join(" ")}`;
}

/**
 * Cases kept whatever the budget: the values most likely to break things, in every field and
 * parameter, every attempt at a column no client may set, and the rate-limit bursts.
 */
const ALWAYS =
  /[= ](nul|nul-inside|nul-percent|lone-high-surrogate|lone-surrogate-utf8|string-nul-inside|string-lone-surrogate|huge-exponent|twenty-digits|long-64k|string-long-64k)\b|^(protected column|rate limit) /;

/**
 * At most about `budget` cases, chosen with the seed: every (route, identity, family) keeps at least
 * one case and all of its NUL, lone-surrogate, huge-number and very long values.
 */
export function sampleCases(cases: FuzzCase[], budget: number, random: Random): FuzzCase[] {
  if (cases.length <= budget) return cases;
  const strata = new Map<string, FuzzCase[]>();
  for (const fuzzCase of cases) {
    const key = `${fuzzCase.route} ${fuzzCase.who} ${familyOf(fuzzCase.kind)}`;
    strata.set(key, [...(strata.get(key) ?? []), fuzzCase]);
  }
  const kept = new Set<FuzzCase>();
  const optional: FuzzCase[][] = [];
  for (const members of strata.values()) {
    const always = members.filter((fuzzCase) => ALWAYS.test(fuzzCase.kind));
    for (const fuzzCase of always) kept.add(fuzzCase);
    const rest = members.filter((fuzzCase) => !ALWAYS.test(fuzzCase.kind));
    if (always.length === 0 && rest.length > 0) {
      kept.add(rest.splice(Math.floor(random.next() * rest.length), 1)[0] as FuzzCase);
    }
    optional.push(rest);
  }
  const fraction =
    Math.max(0, budget - kept.size) / optional.reduce((sum, rest) => sum + rest.length, 0);
  for (const rest of optional) {
    for (const fuzzCase of rest) if (random.next() < fraction) kept.add(fuzzCase);
  }
  return cases.filter((fuzzCase) => kept.has(fuzzCase));
}
