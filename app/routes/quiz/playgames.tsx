import { Link, replace } from "react-router";
import { requireViewer } from "../../auth/session.server.ts";
import type { Database } from "../../db/client.server.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormProblem, formAction, formFailure } from "../../platform/api.ts";
import { databaseContext, quizDailyCapContext } from "../../platform/context.ts";
import { isAppError } from "../../platform/errors.ts";
import { readRaw, validate } from "../../platform/input.server.ts";
import { updateSettings } from "../../players/account.server.ts";
import { CategoryGrid } from "../../quiz/components/category-grid.tsx";
import { QuizView } from "../../quiz/components/quiz-view.tsx";
import { ResultsDialog } from "../../quiz/components/results-dialog.tsx";
import { parseSessionId, playFormSchema, playIntentOf } from "../../quiz/schemas.ts";
import {
  answerQuestion,
  finishSession,
  getPlayState,
  listCategories,
  resultsOf,
  saveFeedback,
  showNext,
  startOrResume,
  startPractice,
} from "../../quiz/sessions.server.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import type { Route } from "./+types/playgames";

/**
 * The categories, or the set being played (an unfinished session always resumes, in the page's
 * language), or a finished set's results (?results=<session>). A results id that is not the
 * player's shows the categories.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context, url });
  const db = context.get(databaseContext);
  const [categories, play] = await Promise.all([
    listCategories(db, viewer.id),
    getPlayState(db, viewer.id, localeFromPath(url.pathname)),
  ]);
  const { quizTimer } = viewer;
  const resultsId = url.searchParams.get("results");
  const results =
    !play && resultsId
      ? await finishedSet(db, viewer.id, resultsId, context.get(quizDailyCapContext))
      : null;
  return { categories, play, quizTimer, results, messages: pageMessages(request, "quiz") };
}

async function finishedSet(db: Database, me: string, id: string, dailyCap: number) {
  try {
    return await resultsOf(db, me, parseSessionId(id), dailyCap);
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") return null;
    throw error;
  }
}

type ActionResult = { intent?: string; problem?: FormProblem };

/**
 * One form per step of the game. Each success redirects back to the page (replacing the history
 * entry), whose loader shows the game as it now stands: reloading or going back never posts twice.
 */
export const action = formAction(async ({ request, context, url }: Route.ActionArgs) => {
  const viewer = await requireViewer({ request, context, url });
  const raw = await readRaw(request);
  const db = context.get(databaseContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const here = localizedPath("/playgames", locale);
  try {
    const form = await validate(playFormSchema, raw);
    switch (form.intent) {
      case "start":
        await startOrResume(db, viewer.id, {
          category: form.category,
          locale,
          timer: viewer.quizTimer,
        });
        return replace(here);
      case "practice":
        await startPractice(db, viewer.id, form.session, {
          locale,
          timer: viewer.quizTimer,
        });
        return replace(here);
      case "answer":
        await answerQuestion(db, viewer.id, form.session, form);
        return replace(here);
      case "next":
        await showNext(db, viewer.id, form.session, viewer.quizTimer);
        return replace(here);
      case "finish": {
        const results = await finishSession(
          db,
          viewer.id,
          form.session,
          context.get(quizDailyCapContext),
        );
        return replace(`${here}?results=${results.id}`);
      }
      case "feedback":
        await saveFeedback(db, viewer.id, form.session, form.text);
        return replace(`${here}?results=${form.session}`);
      // The player's setting, for the questions to come: the one shown keeps its own clock.
      case "timer":
        await updateSettings(db, viewer.id, { quizTimer: form.quizTimer });
        return replace(here);
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    return formFailure(error, { intent: playIntentOf(raw) });
  }
});

export default function PlayGames({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { categories, play, quizTimer, results } = loaderData;
  const failed = actionData as ActionResult | undefined;
  const problemFor = (...intents: string[]) =>
    failed?.problem && intents.includes(failed.intent ?? "") ? failed.problem : undefined;
  return (
    <>
      <title>{t("quiz.metaTitle")}</title>
      {play ? (
        <QuizView
          key={play.id}
          play={play}
          quizTimer={quizTimer}
          problem={problemFor("answer", "next", "finish", "timer", "start", "practice")}
        />
      ) : (
        <>
          <CategoryGrid categories={categories} problem={problemFor("start")} />
          {results && (
            <ResultsDialog
              key={results.id}
              results={results}
              problem={problemFor("feedback")}
              playProblem={problemFor("start", "practice")}
            />
          )}
        </>
      )}
    </>
  );
}

/**
 * SPEC.md section 8: a quiz that fails to load says so and offers to try again. Its messages are
 * the shell's: a failed loader sends none of its own.
 */
export function ErrorBoundary() {
  const t = useT();
  const to = useLocalizedPath();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{t("quiz.metaTitle")}</title>
      <p role="alert" className="text-2xl font-bold text-brand-900">
        {t("error.quizLoad")}
      </p>
      <Link to={to("/playgames")} reloadDocument className={`mt-8 inline-block ${primaryButton}`}>
        {t("error.tryAgain")}
      </Link>
    </section>
  );
}
