import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigate } from "react-router";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import type { FormProblem } from "../../platform/api.ts";
import { primaryButton, secondaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { NOTICE_DURATION_MS } from "../../ui/notice.tsx";
import { FEEDBACK_MAX, formatAccuracy } from "../rules.ts";
import type { SetResults } from "../types.ts";
import { enterFullScreen, leaveFullScreen } from "./full-screen.ts";
import { useModalDialog } from "./use-modal.ts";

/**
 * The results of a finished set: how many were right, the points earned (never below 0) and the
 * accuracy, with a word when answers came too fast, when the day's cap is reached, or when it was
 * practice; a feedback form; "Next set" (the category's next set) and "Practise this set again"
 * (the same set, crediting nothing). Escape leaves full screen and goes back to the categories.
 */
export function ResultsDialog({
  results,
  problem,
  playProblem,
}: {
  results: SetResults;
  /** The feedback form's. */
  problem?: FormProblem;
  /** Why the next set, or practice, did not start ("all sets done"). */
  playProblem?: FormProblem;
}) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = () => {
    leaveFullScreen();
    navigate(to("/playgames"), { preventScrollReset: true });
  };
  const { modal, onCancel, onClose } = useModalDialog(dialog, close);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);

  const figures = [
    ["correct", t("quiz.results.outOf", { count: results.correct, total: results.total })],
    ["earned", results.earned],
    ["accuracy", formatAccuracy(results.correct, results.total, locale)],
  ] as const;
  const notes = [
    results.practice && t("quiz.results.practiceDone"),
    results.tooFastAnswers > 0 && t("quiz.results.tooFast", { count: results.tooFastAnswers }),
    results.dailyCapReached && !results.practice && t("quiz.results.capReached"),
  ].filter((note) => typeof note === "string");

  return (
    <dialog
      ref={dialog}
      open
      aria-labelledby="results-title"
      onCancel={onCancel}
      onClose={onClose}
      className={`w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/60 ${
        modal ? "m-auto" : "relative mx-auto my-6 ring-1 ring-slate-200"
      }`}
    >
      <h2
        id="results-title"
        ref={title}
        tabIndex={-1}
        className="text-2xl font-bold text-brand-900"
      >
        {t("quiz.results.title")}
      </h2>
      <p className="mt-1 text-slate-700">
        {t("quiz.results.set", {
          category: t(`quizCategories.${results.category}`),
          set: results.set,
        })}
      </p>
      <dl className="mt-4 grid grid-cols-3 gap-3">
        {figures.map(([key, value]) => (
          <div key={key} className="rounded-xl bg-brand-50 px-2 py-2 text-center">
            <dt className="text-sm text-slate-700">{t(`quiz.results.${key}`)}</dt>
            <dd className="whitespace-nowrap text-xl font-bold text-brand-900 sm:text-2xl">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {notes.map((note) => (
        <p key={note} className="mt-3 rounded-lg bg-amber-50 p-3 font-medium text-amber-900">
          {note}
        </p>
      ))}
      {results.feedbackSent ? <Thanks /> : <FeedbackForm session={results.id} problem={problem} />}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Link
          to={to("/leaderboard")}
          onClick={leaveFullScreen}
          className={`inline-block ${secondaryButton}`}
        >
          {t("quiz.results.leaderboard")}
        </Link>
        <Form method="post" preventScrollReset onSubmit={enterFullScreen}>
          <input type="hidden" name="intent" value="practice" />
          <input type="hidden" name="session" value={results.id} />
          <button type="submit" className={secondaryButton}>
            {t("quiz.results.practise")}
          </button>
        </Form>
        <Form method="post" preventScrollReset onSubmit={enterFullScreen}>
          <input type="hidden" name="intent" value="start" />
          <input type="hidden" name="category" value={results.category} />
          <button type="submit" className={primaryButton}>
            {t("quiz.results.nextSet")}
          </button>
        </Form>
      </div>
      {playProblem && (
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-4 font-medium text-amber-900">
          {t(playProblem.message, playProblem.values)}
        </p>
      )}
    </dialog>
  );
}

const FEEDBACK_FIELDS = ["text"] as const;

function FeedbackForm({ session, problem }: { session: string; problem?: FormProblem }) {
  const t = useT();
  const fetcher = useFetcher<{ problem?: FormProblem }>({ key: "quiz-feedback" });
  const { form, field, message, alert } = useFormProblem(
    fetcher.state === "idle" ? (fetcher.data?.problem ?? problem) : undefined,
    "quiz-feedback-problem",
    FEEDBACK_FIELDS,
  );
  return (
    <fetcher.Form method="post" preventScrollReset className="mt-6 flex flex-col gap-2" ref={form}>
      {alert}
      <input type="hidden" name="intent" value="feedback" />
      <input type="hidden" name="session" value={session} />
      <label htmlFor="quiz-feedback" className="font-medium">
        {t("quiz.feedback.label")}
      </label>
      <textarea
        id="quiz-feedback"
        name="text"
        rows={3}
        maxLength={FEEDBACK_MAX}
        required
        aria-describedby="quiz-feedback-hint"
        className="rounded-lg border border-slate-400 px-3 py-2 aria-invalid:border-red-700"
        {...field("text")}
      />
      <p id="quiz-feedback-hint" className="text-sm text-slate-700">
        {t("quiz.feedback.hint")}
      </p>
      {message("text")}
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="self-start rounded-lg px-4 py-2 font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50 disabled:opacity-70"
      >
        {t("quiz.feedback.send")}
      </button>
    </fetcher.Form>
  );
}

/** The toast thanking for the feedback: top right, closing after 5 s (SPEC.md section 9). */
function Thanks() {
  const t = useT();
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setOpen(false), NOTICE_DURATION_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div aria-live="polite" className="fixed right-4 top-4 z-10 max-w-sm">
      {open && (
        <p role="status" className="rounded-xl bg-slate-900 px-4 py-3 text-white shadow-lg">
          {t("quiz.feedback.thanks")}
        </p>
      )}
    </div>
  );
}
