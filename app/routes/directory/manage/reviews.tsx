import { Form, Link, redirect, useNavigation } from "react-router";
import { getViewer } from "../../../auth/session.server.ts";
import { REVIEW_TEXT } from "../../../directory/community-fields.ts";
import { Byline, Removed } from "../../../directory/components/community.tsx";
import { manageHref } from "../../../directory/manage-nav.ts";
import { managedListing, requireBusinessManager } from "../../../directory/owners.server.ts";
import {
  deleteReply,
  type ManagedReview,
  managedReviews,
  updateReply,
  writeReply,
} from "../../../directory/replies.server.ts";
import {
  MANAGED_REVIEWS_PAGE,
  managedReviewsQuerySchema,
  REPLY_FILTERS,
  type ReplyFilter,
  replyFormSchema,
} from "../../../directory/replies.ts";
import { parseBusinessId } from "../../../directory/search.ts";
import { formatDate } from "../../../i18n/format.ts";
import { localeFromPath, localizedPath } from "../../../i18n/locale.ts";
import { pageMessages } from "../../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../../i18n/use-locale.ts";
import { useT } from "../../../i18n/use-t.ts";
import {
  type FormOutcome,
  type FormProblem,
  formAction,
  formFailure,
  retryAfterHeaders,
} from "../../../platform/api.ts";
import { baseUrlContext, databaseContext } from "../../../platform/context.ts";
import { AppError, isAppError } from "../../../platform/errors.ts";
import { readRaw, validate } from "../../../platform/input.server.ts";
import { takeAttempt } from "../../../platform/rate-limit.server.ts";
import { primaryButton, secondaryButton } from "../../../ui/button-link.tsx";
import { useFormProblem } from "../../../ui/form-problem.tsx";
import { Pager } from "../../../ui/pager.tsx";
import { Stars } from "../../../ui/stars.tsx";
import type { Route } from "./+types/reviews";

const DONE = ["posted", "updated", "deleted"] as const;
const REPLY_FIELDS = ["body"] as const;

/** The listing's id from the address, or the site's 404. */
function listingOf(params: { id: string }): number {
  const businessId = parseBusinessId(params.id);
  if (!businessId) throw new AppError("not_found");
  return businessId;
}

export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const businessId = listingOf(params);
  const db = context.get(databaseContext);
  await requireBusinessManager(db, await getViewer(request, context), businessId, request);
  const query = await validate(managedReviewsQuerySchema, Object.fromEntries(url.searchParams));
  const [listing, list] = await Promise.all([
    managedListing(db, businessId),
    managedReviews(db, businessId, {
      filter: query.show,
      page: query.page,
      limit: MANAGED_REVIEWS_PAGE,
    }),
  ]);
  // Past the last page (a reply just took the last review of a "waiting" page): the last one.
  if (query.page > list.pages) {
    const last = new URLSearchParams(url.searchParams);
    last.set("page", String(list.pages));
    throw redirect(`${url.pathname}?${last}`);
  }
  return {
    businessId,
    name: listing.name,
    ...list,
    show: query.show,
    page: query.page,
    done: DONE.find((done) => done === url.searchParams.get("done")) ?? null,
    messages: pageMessages(request, "manage", "businessPage"),
  };
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

/**
 * Post, change or delete the listing's reply to one review. Writing counts against the
 * "directory-write" limit like the players' texts; deleting does not.
 */
export const action = formAction(async ({ request, params, context, url }: Route.ActionArgs) => {
  const businessId = listingOf(params);
  const db = context.get(databaseContext);
  const manager = await requireBusinessManager(
    db,
    await getViewer(request, context),
    businessId,
    request,
  );
  const locale = localeFromPath(url.pathname);
  const raw = await readRaw(request);
  const reviewId = Number((raw as { reviewId?: unknown } | null)?.reviewId) || undefined;
  try {
    const form = await validate(replyFormSchema, raw);
    if (form.intent === "reply-delete") await deleteReply(db, manager, form.reviewId);
    else {
      await takeAttempt(db, "directory-write", manager.id);
      const input = { body: form.body, locale };
      if (form.intent === "reply")
        await writeReply(db, manager, form.reviewId, input, {
          baseUrl: context.get(baseUrlContext),
        });
      else await updateReply(db, manager, form.reviewId, input);
    }
    const done = { reply: "posted", "reply-update": "updated", "reply-delete": "deleted" }[
      form.intent
    ];
    // Back to the same list and page, the status said and the review in view.
    const back = new URLSearchParams(url.searchParams);
    back.set("done", done);
    return redirect(
      `${localizedPath(manageHref(businessId, "reviews"), locale)}?${back}#review-${form.reviewId}`,
    );
  } catch (error) {
    if (!isAppError(error)) throw error;
    return formFailure(error, { reviewId });
  }
});

export default function ManageReviews({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const { businessId, items, show, page, pages, unanswered, done } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const here = to(manageHref(businessId, "reviews"));
  const filterHref = (filter: ReplyFilter) =>
    filter === "all" ? here : `${here}?${new URLSearchParams({ show: filter })}`;
  return (
    <section aria-labelledby="reviews-heading">
      <title>{t("manage.reviews.metaTitle", { name: loaderData.name })}</title>
      <h2 id="reviews-heading" className="text-xl font-bold">
        {t("manage.reviews.heading")}
      </h2>
      <p className="mt-1 text-slate-700">{t("manage.reviews.intro")}</p>
      {done && (
        <p role="status" className="mt-3 rounded-lg bg-green-50 p-3 font-medium text-green-900">
          {t(`manage.reviews.done.${done}`)}
        </p>
      )}
      <p className="mt-3 font-medium">{t("manage.reviews.waiting", { count: unanswered })}</p>
      <nav aria-label={t("manage.reviews.filterLabel")} className="mt-3">
        <ul className="flex flex-wrap gap-2">
          {REPLY_FILTERS.map((filter) => (
            <li key={filter}>
              <Link
                to={filterHref(filter)}
                aria-current={filter === show ? "page" : undefined}
                className="block rounded-lg px-3 py-2 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-50 aria-[current=page]:bg-slate-800 aria-[current=page]:text-white"
              >
                {t(`manage.reviews.filters.${filter}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {items.length === 0 ? (
        <p className="mt-6 text-slate-700">
          {t(show === "unanswered" ? "manage.reviews.noneWaiting" : "manage.reviews.none")}
        </p>
      ) : (
        <ul className="mt-6 space-y-6">
          {items.map((review) => (
            <ManagedReviewItem
              key={review.id}
              review={review}
              problem={result?.reviewId === review.id ? result.problem : undefined}
            />
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pages={pages}
        href={(number) =>
          `${here}?${new URLSearchParams({ ...(show === "all" ? {} : { show }), page: String(number) })}`
        }
        label={t("manage.reviews.pages")}
      />
    </section>
  );
}

/** One review with the listing's reply: a form to write it, or to change or delete it. */
function ManagedReviewItem({ review, problem }: { review: ManagedReview; problem?: FormProblem }) {
  const t = useT();
  const locale = useLocale();
  const busy = useNavigation().state === "submitting";
  const formId = `reply-problem-${review.id}`;
  const { form, field, message, alert } = useFormProblem(problem, formId, REPLY_FIELDS);
  const { reply } = review;
  const bodyId = `reply-${review.id}`;
  return (
    <li id={`review-${review.id}`} className="scroll-mt-20 rounded-2xl p-4 ring-1 ring-slate-200">
      <Byline author={review.author}>
        <Stars rating={review.rating} />
        <span className="text-sm text-slate-700">{formatDate(review.createdAt, locale)}</span>
      </Byline>
      <p lang={review.locale} className="mt-2 whitespace-pre-line break-words text-slate-800">
        {review.body}
      </p>
      {reply?.removed && (
        <div className="mt-4 rounded-lg bg-slate-50 p-3">
          <Removed item={reply} />
          <p className="mt-1 text-sm text-slate-700">{t("manage.reviews.removedNote")}</p>
          <p className="mt-2 whitespace-pre-line break-words">{review.replyBody}</p>
        </div>
      )}
      {reply && !reply.removed && (
        <p className="mt-4 text-sm font-semibold text-slate-700">
          {t("manage.reviews.replied", { date: formatDate(reply.createdAt, locale) })}
        </p>
      )}
      {!reply?.removed && (
        <Form method="post" className="mt-3 flex flex-col gap-2" preventScrollReset ref={form}>
          {alert}
          <input type="hidden" name="intent" value={reply ? "reply-update" : "reply"} />
          <input type="hidden" name="reviewId" value={review.id} />
          <label htmlFor={bodyId} className="font-medium">
            {t("manage.reviews.replyLabel", { name: review.author.name })}
          </label>
          <p id={`${bodyId}-hint`} className="text-sm text-slate-700">
            {t("manage.reviews.replyHint")}
          </p>
          <textarea
            id={bodyId}
            name="body"
            rows={4}
            required
            minLength={REVIEW_TEXT.min}
            maxLength={REVIEW_TEXT.max}
            defaultValue={review.replyBody ?? undefined}
            aria-describedby={`${bodyId}-hint`}
            className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-base focus:border-brand-700 focus:outline-2 focus:outline-brand-700 aria-invalid:border-red-700"
            {...field("body")}
          />
          {message("body")}
          <div>
            <button type="submit" disabled={busy} className={primaryButton}>
              {t(reply ? "manage.reviews.save" : "manage.reviews.post")}
            </button>
          </div>
        </Form>
      )}
      {reply && (
        <Form method="post" className="mt-3" preventScrollReset>
          <input type="hidden" name="intent" value="reply-delete" />
          <input type="hidden" name="reviewId" value={review.id} />
          <button type="submit" disabled={busy} className={secondaryButton}>
            {t("manage.reviews.delete")}
          </button>
        </Form>
      )}
    </li>
  );
}
