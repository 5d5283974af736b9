import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import type { FormProblem } from "../../platform/api.ts";
import { primaryButton, secondaryButton } from "../../ui/button-link.tsx";
import { NOTICE_DURATION_MS } from "../../ui/notice.tsx";
import { FEEDBACK_MAX, formatAccuracy } from "../rules.ts";
import type { SetResults } from "../types.ts";
import { leaveFullScreen } from "./full-screen.ts";
import { useModalDialog } from "./use-modal.ts";

/**
 * The results of a finished set (SPEC.md: score, total, correct, incorrect, accuracy, retry and a
 * feedback form). Retry, or Escape, leaves full screen and goes back to the categories.
 */
export function ResultsDialog({
  results,
  problem,
}: {
  results: SetResults;
  problem?: FormProblem;
}) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const retry = () => {
    leaveFullScreen();
    navigate(to("/playgames"), { preventScrollReset: true });
  };
  const { modal, onCancel, onClose } = useModalDialog(dialog, retry);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);

  const figures = [
    ["score", results.score],
    ["total", results.total],
    ["correct", results.correct],
    ["incorrect", results.incorrect],
    ["accuracy", formatAccuracy(results.correct, results.total, locale)],
  ] as const;

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
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {figures.map(([key, value]) => (
          <div key={key} className="rounded-xl bg-brand-50 px-3 py-2 text-center">
            <dt className="text-sm text-slate-700">{t(`quiz.results.${key}`)}</dt>
            <dd className="text-2xl font-bold text-brand-900">{value}</dd>
          </div>
        ))}
      </dl>
      {results.feedbackSent ? <Thanks /> : <FeedbackForm session={results.id} problem={problem} />}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Link
          to={to("/leaderboard")}
          onClick={leaveFullScreen}
          className={`inline-block ${secondaryButton}`}
        >
          {t("quiz.results.leaderboard")}
        </Link>
        <Link
          to={to("/playgames")}
          preventScrollReset
          onClick={leaveFullScreen}
          className={`inline-block ${primaryButton}`}
        >
          {t("quiz.results.retry")}
        </Link>
      </div>
    </dialog>
  );
}

function FeedbackForm({ session, problem }: { session: string; problem?: FormProblem }) {
  const t = useT();
  const fetcher = useFetcher<{ problem?: FormProblem }>({ key: "quiz-feedback" });
  const shown = fetcher.state === "idle" ? (fetcher.data?.problem ?? problem) : undefined;
  return (
    <fetcher.Form method="post" preventScrollReset className="mt-6 flex flex-col gap-2">
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
        aria-invalid={shown ? true : undefined}
        className="rounded-lg border border-slate-400 px-3 py-2"
      />
      <p id="quiz-feedback-hint" className="text-sm text-slate-700">
        {t("quiz.feedback.hint")}
      </p>
      {shown && (
        <p role="alert" className="font-medium text-red-800">
          {t(shown.message, shown.values)}
        </p>
      )}
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
