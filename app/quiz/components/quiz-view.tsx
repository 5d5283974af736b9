import { useEffect, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import type { FormProblem } from "../../platform/api.ts";
import { primaryButton, secondaryButton } from "../../ui/button-link.tsx";
import { QUIZ_TIMERS, type QuizTimer } from "../categories.ts";
import { formatCountdown } from "../rules.ts";
import type { AnswerResult, PlayState } from "../types.ts";
import { leaveFullScreen } from "./full-screen.ts";
import { useModalDialog } from "./use-modal.ts";

const LETTERS = ["A", "B", "C", "D"];

/** Seconds left at which a screen reader hears the time (not every second). */
const ANNOUNCED_SECONDS = [10, 5];

/**
 * The question being played, full screen. Every answer is a form post, so a whole set plays before
 * the JavaScript loads (the server's clock decides time-outs either way). With it, answers go
 * through a fetcher and the view changes in place: focus moves to the feedback, then Next; screen
 * readers hear right or wrong, and the time left at 10 and 5 seconds. A time-out shows the right
 * answer and its explanation as a wrong answer does, until the player goes on with Next.
 */
export function QuizView({
  play,
  quizTimer,
  problem,
}: {
  play: PlayState;
  quizTimer: QuizTimer;
  problem?: FormProblem;
}) {
  const t = useT();
  const to = useLocalizedPath();
  const fetcher = useFetcher<{ problem?: FormProblem }>({ key: "quiz-play" });
  const submit = fetcher.submit;
  const dialog = useRef<HTMLDialogElement>(null);
  const leave = useRef<HTMLDialogElement>(null);
  const askToLeave = () => leave.current?.showModal();
  const { modal, onCancel, onClose } = useModalDialog(dialog, askToLeave);
  const questionRef = useRef<HTMLHeadingElement>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState("");
  const { question } = play;
  const { result, position } = question;
  const busy = fetcher.state !== "idle";
  const last = position === play.total;
  const left = useCountdown(question.timeLeftMs, result === null);
  const seconds = left === null ? null : Math.ceil(left / 1000);
  const shownProblem = fetcher.state === "idle" ? (fetcher.data?.problem ?? problem) : undefined;

  // Focus follows the game: the question when it comes, the feedback once it is answered.
  const seen = useRef<string | null>(null);
  useEffect(() => {
    const step = `${play.id}:${position}:${result ? "answered" : "asking"}`;
    if (seen.current === step) return;
    const firstRender = seen.current === null;
    seen.current = step;
    if (!result) {
      questionRef.current?.focus();
      return;
    }
    feedbackRef.current?.focus();
    if (!firstRender) setAnnouncement(t(verdictKey(result)));
  });

  useEffect(() => {
    if (!result && seconds !== null && ANNOUNCED_SECONDS.includes(seconds))
      setAnnouncement(t("quiz.timeLeft", { count: seconds }));
  }, [seconds, result, t]);

  // The countdown reached 0 on screen: the server records the time-out (it would anyway, later).
  const reported = useRef("");
  useEffect(() => {
    const step = `${play.id}:${position}`;
    if (result || left !== 0 || reported.current === step) return;
    reported.current = step;
    submit(
      { intent: "answer", session: play.id, position: String(position) },
      { method: "post", preventScrollReset: true },
    );
  }, [left, result, position, play.id, submit]);

  return (
    <>
      <dialog
        ref={dialog}
        open
        aria-labelledby="quiz-title"
        onCancel={onCancel}
        onClose={onClose}
        className={
          modal
            ? "fixed inset-0 m-0 size-full max-h-none max-w-none overflow-y-auto bg-brand-50 p-0 text-slate-900"
            : "relative mx-auto my-6 w-[calc(100%-2rem)] max-w-4xl rounded-2xl bg-brand-50 p-0 text-slate-900 ring-1 ring-slate-200"
        }
      >
        <div className="mx-auto flex max-w-4xl flex-col gap-5 px-4 py-5 sm:py-8">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <img
              src={`/images/quiz/${play.category}.svg`}
              alt=""
              width="64"
              height="64"
              className="size-14 rounded-xl sm:size-16"
            />
            <div className="min-w-0 flex-1 basis-48">
              <h1 id="quiz-title" className="text-lg font-bold text-brand-900">
                {t("quiz.view", { category: t(`quizCategories.${play.category}`), set: play.set })}
              </h1>
              <p className="text-sm text-slate-700">
                {t("quiz.questionOf", { position, total: play.total })}
              </p>
              {play.practice && (
                <p className="text-sm font-semibold text-brand-800">{t("quiz.practice")}</p>
              )}
            </div>
            <div className="ml-auto flex flex-wrap items-start justify-end gap-2">
              <TimerSettings quizTimer={quizTimer} />
              {/* Before the JavaScript loads, leaving is going to the home page; with it, asked first. */}
              <form
                method="get"
                action={to("/")}
                onSubmit={(event) => {
                  event.preventDefault();
                  askToLeave();
                }}
              >
                <button
                  type="submit"
                  className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-white"
                >
                  {t("quiz.leave")}
                </button>
              </form>
            </div>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white px-4 py-3 ring-1 ring-slate-200">
            {play.timer === 0 ? (
              <p className="font-semibold text-slate-800">{t("quiz.untimed")}</p>
            ) : (
              <p
                role="timer"
                className={`text-lg font-semibold tabular-nums ${
                  seconds !== null && seconds <= 5 && !result ? "text-red-800" : "text-slate-800"
                }`}
              >
                {t("quiz.duration", { time: formatCountdown(left ?? 0) })}
              </p>
            )}
            <p className="text-lg font-semibold text-brand-900">
              {t("quiz.points", { points: play.score })}
            </p>
          </div>

          <h2
            id="quiz-question"
            ref={questionRef}
            tabIndex={-1}
            className="text-2xl font-bold leading-snug text-slate-900 sm:text-3xl"
          >
            {question.text}
          </h2>

          <fetcher.Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="answer" />
            <input type="hidden" name="session" value={play.id} />
            <input type="hidden" name="position" value={position} />
            <fieldset>
              <legend className="sr-only">{t("quiz.answers")}</legend>
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                {question.options.map((option, index) => (
                  <OptionButton
                    key={`${position}-${option}`}
                    index={index}
                    option={option}
                    result={result}
                    disabled={result !== null || busy}
                  />
                ))}
              </div>
            </fieldset>
          </fetcher.Form>

          {shownProblem && (
            <p role="alert" className="rounded-lg bg-amber-50 p-4 font-medium text-amber-900">
              {t(shownProblem.message, shownProblem.values)}
            </p>
          )}

          {result && (
            <>
              <div
                ref={feedbackRef}
                tabIndex={-1}
                className={`rounded-xl p-4 ring-2 ${
                  result.correct ? "bg-green-50 ring-green-700" : "bg-red-50 ring-red-700"
                }`}
              >
                <p
                  className={`text-lg font-bold ${result.correct ? "text-green-900" : "text-red-900"}`}
                >
                  {t(verdictKey(result))}
                </p>
                {!result.correct && (
                  <p className="mt-1 font-semibold text-slate-900">
                    {t("quiz.result.answerWas", { answer: question.options[result.answer] })}
                  </p>
                )}
                <p className="mt-2 text-slate-800">{result.explanation}</p>
              </div>
              <fetcher.Form method="post" preventScrollReset className="flex justify-end">
                <input type="hidden" name="intent" value={last ? "finish" : "next"} />
                <input type="hidden" name="session" value={play.id} />
                <button
                  type="submit"
                  disabled={busy}
                  className={`${primaryButton} disabled:opacity-70`}
                >
                  {last ? t("quiz.finish") : t("quiz.next")}
                </button>
              </fetcher.Form>
            </>
          )}
        </div>
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </dialog>
      <LeaveDialog ref={leave} />
    </>
  );
}

/**
 * "Leave the quiz?": leaving exits full screen and goes to the home page, where the site's menus
 * are; the set stays unfinished on the server, so choosing Play & Learn again resumes it.
 */
function LeaveDialog({ ref }: { ref: React.RefObject<HTMLDialogElement | null> }) {
  const t = useT();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const close = () => ref.current?.close();
  return (
    <dialog
      ref={ref}
      aria-labelledby="leave-title"
      aria-describedby="leave-text"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/60"
    >
      <h2 id="leave-title" className="text-xl font-bold text-brand-900">
        {t("quiz.leaveDialog.title")}
      </h2>
      <p id="leave-text" className="mt-2 text-slate-800">
        {t("quiz.leaveDialog.text")}
      </p>
      {/* The dialog focuses its first button: staying, the safe choice, comes first. */}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" onClick={close} className={primaryButton}>
          {t("quiz.leaveDialog.cancel")}
        </button>
        <button
          type="button"
          onClick={() => {
            close();
            leaveFullScreen();
            navigate(to("/"));
          }}
          className={secondaryButton}
        >
          {t("quiz.leaveDialog.confirm")}
        </button>
      </div>
    </dialog>
  );
}

function verdictKey(result: AnswerResult) {
  if (result.timedOut) return "quiz.result.timeUp" as const;
  if (result.tooFast) return "quiz.result.tooFast" as const;
  return result.correct ? ("quiz.result.right" as const) : ("quiz.result.wrong" as const);
}

function OptionButton({
  index,
  option,
  result,
  disabled,
}: {
  index: number;
  option: string;
  result: AnswerResult | null;
  disabled: boolean;
}) {
  const t = useT();
  const isAnswer = result !== null && index === result.answer;
  const isWrongChoice = result !== null && index === result.choice && !isAnswer;
  const look = isAnswer
    ? "bg-green-50 ring-2 ring-green-700"
    : isWrongChoice
      ? "bg-red-50 ring-2 ring-red-700"
      : "bg-white ring-1 ring-slate-300 enabled:hover:bg-brand-50 enabled:hover:ring-brand-600";
  return (
    <button
      type="submit"
      name="choice"
      value={index}
      disabled={disabled}
      className={`flex min-h-14 w-full items-center gap-3 rounded-xl px-4 py-3 text-left text-lg font-medium text-slate-900 motion-safe:transition-colors ${look}`}
    >
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-900"
      >
        {LETTERS[index]}
      </span>
      <span className="flex-1">{option}</span>
      {isAnswer && (
        <span className="text-sm font-semibold text-green-900">{t("quiz.result.rightAnswer")}</span>
      )}
      {isWrongChoice && (
        <span className="text-sm font-semibold text-red-900">{t("quiz.result.yourChoice")}</span>
      )}
    </button>
  );
}

/**
 * The player's timer setting, from the quiz itself (WCAG 2.2.1), for the next questions: the one
 * shown keeps its clock, so a timer changed after a deadline saves nothing. Open, it takes its
 * place in the page (the question moves down) rather than covering the question.
 */
function TimerSettings({ quizTimer }: { quizTimer: QuizTimer }) {
  const t = useT();
  const fetcher = useFetcher({ key: "quiz-timer" });
  const details = useRef<HTMLDetailsElement>(null);
  return (
    <details ref={details}>
      <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-white">
        {t("quiz.timer.open")}
      </summary>
      <fetcher.Form
        method="post"
        preventScrollReset
        onSubmit={() => details.current?.removeAttribute("open")}
        className="mt-2 flex w-64 max-w-full flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
      >
        <input type="hidden" name="intent" value="timer" />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">{t("quiz.timer.legend")}</legend>
          {QUIZ_TIMERS.map((seconds) => (
            <label key={seconds} className="flex items-center gap-2">
              <input
                type="radio"
                name="quizTimer"
                value={seconds}
                defaultChecked={quizTimer === seconds}
                className="size-4"
              />
              {t(`quiz.timer.t${seconds}`)}
            </label>
          ))}
        </fieldset>
        <p className="text-sm text-slate-700">{t("quiz.timer.hint")}</p>
        <button type="submit" className={`${primaryButton} px-4 py-2`}>
          {t("quiz.timer.save")}
        </button>
      </fetcher.Form>
    </details>
  );
}

/**
 * Milliseconds left on the countdown, ticking while `running` from what the server said
 * (`serverLeftMs`, measured on its clock when it answered), so the player's own clock setting does
 * not matter. Null when untimed; every answer from the server restarts it.
 */
function useCountdown(serverLeftMs: number | null, running: boolean): number | null {
  const [left, setLeft] = useState(serverLeftMs);
  useEffect(() => {
    setLeft(serverLeftMs);
    if (serverLeftMs === null || !running) return;
    const end = performance.now() + serverLeftMs;
    const tick = setInterval(() => {
      const remaining = Math.max(0, end - performance.now());
      setLeft(remaining);
      if (remaining === 0) clearInterval(tick);
    }, 250);
    return () => clearInterval(tick);
  }, [serverLeftMs, running]);
  return left;
}
