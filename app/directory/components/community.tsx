import { Form, Link, useNavigation } from "react-router";
import { formatDate, formatNumber } from "../../i18n/format.ts";
import type { MessageKey } from "../../i18n/i18n.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import type { FormProblem } from "../../platform/api.ts";
import type { HideReason } from "../../platform/moderation.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { Stars } from "../../ui/stars.tsx";
import type { Author, QuestionPage, RemovedItem, Reply, ReviewPage } from "../community.ts";
import {
  ANSWER_TEXT,
  QUESTION_TEXT,
  REVIEW_SORTS,
  REVIEW_TEXT,
  type ReviewSort,
} from "../community-fields.ts";

/**
 * What moderators hid, in its place: why, and when it was written; never its text or author
 * (they are not sent to the page).
 */
export function Removed({ item }: { item: RemovedItem }) {
  const t = useT();
  const locale = useLocale();
  return (
    <p className="text-slate-700 italic">
      {t("moderation.removed", { reason: t(`moderation.reasons.${item.removed}`) })}
      <span className="ml-2 text-sm not-italic">{formatDate(item.createdAt, locale)}</span>
    </p>
  );
}

/** What the page's action answered, when one of its forms was refused. */
type ActionProblem = { intent?: string; questionId?: number; problem?: FormProblem };

const secondaryButton =
  "rounded-lg px-4 py-2 font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50 disabled:opacity-70";
const control =
  "mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-base focus:border-brand-700 focus:outline-2 focus:outline-brand-700 aria-invalid:border-red-700";

const REVIEW_FIELDS = ["rating", "body"] as const;
const ASK_FIELDS = ["question"] as const;
const ANSWER_FIELDS = ["answer"] as const;

/** A player's picture and public name (their handle and the default picture when private). */
export function Byline({ author, children }: { author: Author; children?: React.ReactNode }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <img
        src={author.image ?? "/images/avatar-default.svg"}
        alt=""
        width="40"
        height="40"
        loading="lazy"
        className="size-10 rounded-full bg-slate-100 object-cover"
      />
      <span className="font-semibold">{author.name}</span>
      {children}
    </p>
  );
}

function ReportLink({ href, name }: { href: string; name: string }) {
  const t = useT();
  return (
    <Link
      to={href}
      aria-label={t("community.reportLabel", { name })}
      className="text-sm text-slate-700 underline hover:text-brand-800"
    >
      {t("community.report")}
    </Link>
  );
}

type ReviewsProps = {
  businessId: number;
  rating: number;
  reviewCount: number;
  reviews: ReviewPage;
  /** How many reviews moderators removed, by reason. */
  removedReviews: { reason: HideReason; count: number }[];
  sort: ReviewSort;
  paged: boolean;
  ownReview: { id: number; rating: number; body: string } | null;
  signedIn: boolean;
  loginHref: string;
  action?: ActionProblem;
};

/** The overall rating, the player's own review form, then the reviews, a page at a time. */
export function Reviews(props: ReviewsProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { businessId, reviews, sort } = props;
  const here = to(`/businesses/${businessId}`);
  return (
    <section aria-labelledby="reviews" className="scroll-mt-20">
      <h2 id="reviews" className="text-2xl font-bold">
        {t("business.reviews")}
      </h2>
      <div className="mt-4 flex items-center gap-4 rounded-2xl bg-slate-50 p-4">
        <p className="text-4xl font-bold">{formatNumber(props.rating, locale, 1)}</p>
        <div>
          <p className="font-semibold">{t("business.overallRating")}</p>
          <Stars rating={props.rating} />
          <p className="text-sm text-slate-700">
            {t("business.basedOn", { count: props.reviewCount })}
          </p>
          {props.removedReviews.length > 0 && (
            <p className="text-sm text-slate-700">
              {t("moderation.removedTally", {
                count: props.removedReviews.reduce((sum, each) => sum + each.count, 0),
                reasons: props.removedReviews
                  .map((each) =>
                    t("moderation.reasonCount", {
                      count: formatNumber(each.count, locale),
                      reason: t(`moderation.reasons.${each.reason}`),
                    }),
                  )
                  .join(", "),
              })}
            </p>
          )}
        </div>
      </div>

      {props.signedIn ? (
        <ReviewForm own={props.ownReview} action={props.action} />
      ) : (
        <p className="mt-6">
          <Link to={props.loginHref} className="font-semibold text-brand-700 underline">
            {t("community.signInToReview")}
          </Link>
        </p>
      )}

      {props.reviewCount > 0 && (
        <Form
          method="get"
          action={`${here}#reviews`}
          preventScrollReset
          className="mt-6 flex flex-wrap items-end gap-3"
        >
          <div>
            <label htmlFor="review-sort" className="block text-sm font-medium">
              {t("community.sortLabel")}
            </label>
            <select id="review-sort" name="sort" defaultValue={sort} className={control}>
              {REVIEW_SORTS.map((option) => (
                <option key={option} value={option}>
                  {t(`community.sorts.${option}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={secondaryButton}>
            {t("community.sortSubmit")}
          </button>
        </Form>
      )}

      {reviews.items.length === 0 ? (
        <p className="mt-4 text-slate-700">{t("business.noReviews")}</p>
      ) : (
        <ul className="mt-6 space-y-6">
          {reviews.items.map((review) =>
            review.removed ? (
              <li key={review.id} className="border-b border-slate-200 pb-6">
                <Removed item={review} />
              </li>
            ) : (
              <li key={review.id} className="border-b border-slate-200 pb-6">
                <Byline author={review.author}>
                  <Stars rating={review.rating} />
                  <span className="text-sm text-slate-700">
                    {formatDate(review.createdAt, locale)}
                    {review.editedAt && ` · ${t("community.edited")}`}
                  </span>
                </Byline>
                <p
                  lang={review.locale}
                  className="mt-2 whitespace-pre-line break-words text-slate-800"
                >
                  {review.body}
                </p>
                {!review.mine && (
                  <p className="mt-2">
                    <ReportLink
                      href={`${here}/report?review=${review.id}`}
                      name={review.author.name}
                    />
                  </p>
                )}
                {review.reply && <OwnerReply reply={review.reply} here={here} />}
              </li>
            ),
          )}
        </ul>
      )}
      <Pager
        next={
          reviews.nextCursor
            ? `${here}?${new URLSearchParams({ sort, reviews: reviews.nextCursor })}#reviews`
            : null
        }
        first={props.paged ? `${here}?${new URLSearchParams({ sort })}#reviews` : null}
        nextLabel="community.moreReviews"
        firstLabel="community.firstReviews"
      />
    </section>
  );
}

/** The listing's response under a review, or what moderators left in its place. */
function OwnerReply({ reply, here }: { reply: Reply; here: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="mt-4 ml-4 border-l-4 border-brand-700 bg-slate-50 p-3">
      {reply.removed ? (
        <Removed item={reply} />
      ) : (
        <>
          <p className="text-sm">
            <span className="font-semibold">{t("replies.heading")}</span>
            <span className="text-slate-700">
              {" · "}
              {formatDate(reply.createdAt, locale)}
              {reply.editedAt && ` · ${t("community.edited")}`}
            </span>
          </p>
          <p lang={reply.locale} className="mt-1 whitespace-pre-line break-words text-slate-800">
            {reply.body}
          </p>
          <ReportLink href={`${here}/report?reply=${reply.id}`} name={t("replies.owner")} />
        </>
      )}
    </div>
  );
}

function Pager({
  next,
  first,
  nextLabel,
  firstLabel,
}: {
  next: string | null;
  first: string | null;
  nextLabel: MessageKey;
  firstLabel: MessageKey;
}) {
  const t = useT();
  if (!next && !first) return null;
  return (
    <p className="mt-6 flex flex-wrap gap-4">
      {first && (
        <Link to={first} className="font-semibold text-brand-700 underline">
          {t(firstLabel)}
        </Link>
      )}
      {next && (
        <Link to={next} className="font-semibold text-brand-700 underline">
          {t(nextLabel)}
        </Link>
      )}
    </p>
  );
}

/** Writing a review, or changing or deleting the one the player wrote. */
function ReviewForm({
  own,
  action,
}: {
  own: { id: number; rating: number; body: string } | null;
  action?: ActionProblem;
}) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const intent = own ? "review-update" : "review";
  const { form, field, message, alert } = useFormProblem(
    action?.intent === intent || action?.intent === "review-delete" ? action.problem : undefined,
    "review-problem",
    REVIEW_FIELDS,
  );
  const heading = own ? t("community.ownHeading") : t("community.writeHeading");
  return (
    <div className="mt-6 rounded-2xl p-4 ring-1 ring-slate-200">
      <h3 className="text-lg font-semibold">{heading}</h3>
      <Form method="post" className="mt-3 flex flex-col gap-4" preventScrollReset ref={form}>
        {alert}
        <input type="hidden" name="intent" value={intent} />
        {own && <input type="hidden" name="reviewId" value={own.id} />}
        <fieldset className="flex flex-col gap-2">
          <legend className="font-medium">{t("community.ratingLegend")}</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
            {[1, 2, 3, 4, 5].map((stars) => (
              <span key={stars} className="inline-flex items-center gap-2">
                <input
                  id={`rating-${stars}`}
                  type="radio"
                  name="rating"
                  value={stars}
                  required
                  defaultChecked={own?.rating === stars}
                  className="size-5"
                  {...field("rating")}
                />
                <label htmlFor={`rating-${stars}`}>{t("community.stars", { count: stars })}</label>
              </span>
            ))}
          </div>
          {message("rating")}
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor="review-body" className="font-medium">
            {t("community.bodyLabel")}
          </label>
          <p id="review-body-hint" className="text-sm text-slate-700">
            {t("community.bodyHint")}
          </p>
          <textarea
            id="review-body"
            name="body"
            rows={5}
            required
            minLength={REVIEW_TEXT.min}
            maxLength={REVIEW_TEXT.max}
            defaultValue={own?.body}
            aria-describedby="review-body-hint"
            className={control}
            {...field("body")}
          />
          {message("body")}
        </div>
        <div>
          <button type="submit" disabled={busy} className={primaryButton}>
            {own ? t("community.updateReview") : t("community.submitReview")}
          </button>
        </div>
      </Form>
      {own && (
        <Form method="post" className="mt-3" preventScrollReset>
          <input type="hidden" name="intent" value="review-delete" />
          <input type="hidden" name="reviewId" value={own.id} />
          <button type="submit" disabled={busy} className={secondaryButton}>
            {t("community.deleteReview")}
          </button>
        </Form>
      )}
    </div>
  );
}

type QuestionsProps = {
  businessId: number;
  questions: QuestionPage;
  paged: boolean;
  signedIn: boolean;
  loginHref: string;
  action?: ActionProblem;
};

/** Community questions, newest first, each with its answers; asking and answering when signed in. */
export function Questions({
  businessId,
  questions,
  paged,
  signedIn,
  loginHref,
  action,
}: QuestionsProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const here = to(`/businesses/${businessId}`);
  const busy = useNavigation().state === "submitting";
  const ask = useFormProblem(
    action?.intent === "ask" ? action.problem : undefined,
    "ask-problem",
    ASK_FIELDS,
  );
  return (
    <section aria-labelledby="questions" className="mt-12 scroll-mt-20">
      <h2 id="questions" className="text-2xl font-bold">
        {t("business.questions")}
      </h2>
      {questions.items.length === 0 ? (
        <p className="mt-4 text-slate-700">{t("business.noQuestions")}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {questions.items.map((item) => {
            if (item.removed)
              return (
                <li key={item.id} className="rounded-xl bg-slate-50 p-4">
                  <Removed item={item} />
                </li>
              );
            return (
              <li key={item.id} className="rounded-xl bg-slate-50 p-4">
                <p lang={item.locale} className="whitespace-pre-line break-words font-semibold">
                  {item.question}
                </p>
                <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-700">
                  <span>{t("business.askedBy", { name: item.author.name })}</span>
                  <span>{formatDate(item.createdAt, locale)}</span>
                  <ReportLink href={`${here}/report?question=${item.id}`} name={item.author.name} />
                </p>
                {item.ownerAnswer && (
                  <p className="mt-2 text-slate-800">
                    <span className="font-medium">{t("business.ownerAnswer")}</span>{" "}
                    <span lang={item.locale}>{item.ownerAnswer}</span>
                  </p>
                )}
                {item.answers.length > 0 && (
                  <>
                    <span id={`answers-${item.id}`} className="sr-only">
                      {t("community.answers", { count: item.answers.length })}
                    </span>
                    <ul
                      aria-labelledby={`answers-${item.id}`}
                      className="mt-3 space-y-3 border-l-2 border-slate-300 pl-4"
                    >
                      {item.answers.map((answer) =>
                        answer.removed ? (
                          <li key={answer.id}>
                            <Removed item={answer} />
                          </li>
                        ) : (
                          <li key={answer.id}>
                            <p className="text-sm text-slate-700">
                              {t("community.answeredBy", { name: answer.author.name })}
                              {answer.byOwner && (
                                <span className="ml-2 rounded-full bg-brand-800 px-2 py-0.5 text-xs font-semibold text-white">
                                  {t("replies.ownerBadge")}
                                </span>
                              )}{" "}
                              · {formatDate(answer.createdAt, locale)}
                            </p>
                            <p lang={answer.locale} className="whitespace-pre-line break-words">
                              {answer.body}
                            </p>
                            <ReportLink
                              href={`${here}/report?answer=${answer.id}`}
                              name={answer.author.name}
                            />
                          </li>
                        ),
                      )}
                    </ul>
                  </>
                )}
                {signedIn && (
                  <AnswerForm
                    questionId={item.id}
                    problem={
                      action?.intent === "answer" && action.questionId === item.id
                        ? action.problem
                        : undefined
                    }
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Pager
        next={
          questions.nextCursor
            ? `${here}?${new URLSearchParams({ questions: questions.nextCursor })}#questions`
            : null
        }
        first={paged ? `${here}#questions` : null}
        nextLabel="community.moreQuestions"
        firstLabel="community.firstQuestions"
      />
      {signedIn ? (
        <Form method="post" className="mt-6 flex flex-col gap-2" preventScrollReset ref={ask.form}>
          <h3 className="text-lg font-semibold">{t("community.askHeading")}</h3>
          {ask.alert}
          <input type="hidden" name="intent" value="ask" />
          <label htmlFor="question" className="font-medium">
            {t("community.questionLabel")}
          </label>
          <p id="question-hint" className="text-sm text-slate-700">
            {t("community.questionHint")}
          </p>
          <textarea
            id="question"
            name="question"
            rows={3}
            required
            minLength={QUESTION_TEXT.min}
            maxLength={QUESTION_TEXT.max}
            aria-describedby="question-hint"
            className={control}
            {...ask.field("question")}
          />
          {ask.message("question")}
          <div>
            <button type="submit" disabled={busy} className={primaryButton}>
              {t("community.askSubmit")}
            </button>
          </div>
        </Form>
      ) : (
        <p className="mt-6">
          <Link to={loginHref} className="font-semibold text-brand-700 underline">
            {t("community.signInToAsk")}
          </Link>
        </p>
      )}
    </section>
  );
}

/** Answering one question; its problem shows under its own box. */
function AnswerForm({ questionId, problem }: { questionId: number; problem?: FormProblem }) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { form, field, message, alert } = useFormProblem(
    problem,
    `answer-problem-${questionId}`,
    ANSWER_FIELDS,
  );
  return (
    <Form method="post" className="mt-3 flex flex-col gap-2" preventScrollReset ref={form}>
      {alert}
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="questionId" value={questionId} />
      <label htmlFor={`answer-${questionId}`} className="text-sm font-medium">
        {t("community.answerLabel")}
      </label>
      <textarea
        id={`answer-${questionId}`}
        name="answer"
        rows={2}
        required
        minLength={ANSWER_TEXT.min}
        maxLength={ANSWER_TEXT.max}
        className={control}
        {...field("answer")}
      />
      {message("answer")}
      <div>
        <button type="submit" disabled={busy} className={secondaryButton}>
          {t("community.answerSubmit")}
        </button>
      </div>
    </Form>
  );
}
