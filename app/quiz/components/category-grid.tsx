import { useFetcher } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { FormProblem } from "../../platform/api.ts";
import { SETS_PER_CATEGORY } from "../categories.ts";
import type { CategoryProgress } from "../types.ts";
import { enterFullScreen } from "./full-screen.ts";
import { QuizLoadingScreen } from "./loading-screen.tsx";

/**
 * The nine category cards with the player's progress. Choosing one posts to the page (so it works
 * before the JavaScript loads); with it, full screen is asked for on the click and the branded
 * loading screen shows until the set is there.
 */
export function CategoryGrid({
  categories,
  problem,
}: {
  categories: CategoryProgress[];
  problem?: FormProblem;
}) {
  const t = useT();
  const fetcher = useFetcher<{ problem?: FormProblem }>({ key: "quiz-start" });
  const shown = fetcher.data?.problem ?? problem;
  return (
    <section aria-labelledby="play-heading" className="mx-auto max-w-6xl px-4 py-10">
      <h1 id="play-heading" className="text-3xl font-bold text-brand-900">
        {t("quiz.heading")}
      </h1>
      <p className="mt-2 max-w-2xl text-slate-700">{t("quiz.intro")}</p>
      <div aria-live="polite">
        {shown && fetcher.state === "idle" && (
          <p role="alert" className="mt-6 rounded-lg bg-amber-50 p-4 font-medium text-amber-900">
            {t(shown.message, shown.values)}
          </p>
        )}
      </div>
      <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3">
        {categories.map(({ category, completedSets }) => (
          <li key={category}>
            <fetcher.Form method="post" onSubmit={enterFullScreen}>
              <input type="hidden" name="intent" value="start" />
              <input type="hidden" name="category" value={category} />
              <button
                type="submit"
                className="flex w-full flex-col items-center gap-2 rounded-2xl bg-white p-3 text-center shadow-sm ring-1 ring-slate-200 hover:ring-2 hover:ring-brand-600"
              >
                <img
                  src={`/images/quiz/${category}.svg`}
                  alt=""
                  width="300"
                  height="300"
                  className="aspect-square w-full rounded-xl"
                />
                <span className="text-lg font-bold text-slate-900">
                  {t(`quizCategories.${category}`)}
                </span>
                <span className="text-sm text-slate-700">
                  {t("quiz.progress", { completed: completedSets, total: SETS_PER_CATEGORY })}
                </span>
              </button>
            </fetcher.Form>
          </li>
        ))}
      </ul>
      {fetcher.state !== "idle" && <QuizLoadingScreen />}
    </section>
  );
}
