import { useEffect } from "react";
import { Form, Link, replace, useSubmit } from "react-router";
import { requireViewer } from "../../auth/session.server.ts";
import type { Database } from "../../db/client.server.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction, formFailure } from "../../platform/api.ts";
import { databaseContext, quizDailyCapContext } from "../../platform/context.ts";
import { isAppError } from "../../platform/errors.ts";
import { readRaw, validate } from "../../platform/input.server.ts";
import { updateSettings } from "../../players/account.server.ts";
import { quizTimerOf } from "../../quiz/categories.ts";
import { CategoryGrid } from "../../quiz/components/category-grid.tsx";
import { QuizView } from "../../quiz/components/quiz-view.tsx";
import { ResultsDialog } from "../../quiz/components/results-dialog.tsx";
import { parseSessionId, playFormSchema, playIntentOf } from "../../quiz/schemas.ts";
import {
  answerQuestion,
  continueInLanguage,
  finishSession,
  getPlayState,
  goesOnIn,
  listCategories,
  resultsOf,
  saveFeedback,
  showNext,
  startOrResume,
  startPractice,
} from "../../quiz/sessions.server.ts";
import type { PlayState } from "../../quiz/types.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import type { Route } from "./+types/playgames";

/**
 * The categories, or the set being played (an unfinished session always resumes), or a finished
 * set's results (?results=<session>). A results id that is not the player's shows the categories.
 * A set played in the other language goes on in the page's: the page asks for that with a POST
 * (`goesOnInLanguage`), which its script sends at once, since reading it writes nothing.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context, url });
  const db = context.get(databaseContext);
  const [categories, play] = await Promise.all([
    listCategories(db, viewer.id),
    getPlayState(db, viewer.id),
  ]);
  const quizTimer = quizTimerOf(viewer.quizTimer);
  const goesOnInLanguage = play ? await goesOnIn(db, play, localeFromPath(url.pathname)) : false;
  const resultsId = url.searchParams.get("results");
  const results =
    !play && resultsId
      ? await finishedSet(db, viewer.id, resultsId, context.get(quizDailyCapContext))
      : null;
  return {
    categories,
    play,
    goesOnInLanguage,
    quizTimer,
    results,
    messages: pageMessages(request, "quiz"),
  };
}

async function finishedSet(db: Database, me: string, id: string, dailyCap: number) {
  try {
    return await resultsOf(db, me, parseSessionId(id), dailyCap);
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") return null;
    throw error;
  }
}

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
          timer: quizTimerOf(viewer.quizTimer),
        });
        return replace(here);
      case "practice":
        await startPractice(db, viewer.id, form.session, {
          locale,
          timer: quizTimerOf(viewer.quizTimer),
        });
        return replace(here);
      case "answer":
        await answerQuestion(db, viewer.id, form.session, form);
        return replace(here);
      case "next":
        await showNext(db, viewer.id, form.session, quizTimerOf(viewer.quizTimer));
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
      case "language":
        await continueInLanguage(db, viewer.id, locale);
        return replace(here);
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    return formFailure(error, { intent: playIntentOf(raw) });
  }
});

export default function PlayGames({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { categories, play, goesOnInLanguage, quizTimer, results } = loaderData;
  const failed: FormOutcome<typeof actionData> = actionData;
  const problemFor = (...intents: string[]) =>
    failed?.problem && intents.includes(failed.intent ?? "") ? failed.problem : undefined;
  return (
    <>
      <title>{t("quiz.metaTitle")}</title>
      {play && goesOnInLanguage ? (
        <GoesOnInLanguage play={play} />
      ) : play ? (
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
 * The set resumed on a page in the other language: the script asks at once for it to go on in
 * the page's language (the action's answer shows the set so); without JavaScript, Continue does.
 */
function GoesOnInLanguage({ play }: { play: PlayState }) {
  const t = useT();
  const submit = useSubmit();
  useEffect(() => {
    submit({ intent: "language" }, { method: "post", replace: true });
  }, [submit]);
  return (
    <Form
      method="post"
      replace
      className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center"
    >
      <p className="text-xl font-semibold">
        {t("quiz.goesOnInLanguage", {
          category: t(`quizCategories.${play.category}`),
          set: play.set,
        })}
      </p>
      <input type="hidden" name="intent" value="language" />
      <button type="submit" className={primaryButton}>
        {t("quiz.continue")}
      </button>
    </Form>
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
