import { Form } from "react-router";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import type { QuizCategory } from "../categories.ts";
import { enterFullScreen } from "./full-screen.ts";

/**
 * "Continue" beside a category's progress: opens /playgames on that category's next set (or on the
 * set the player has not finished yet), as choosing its card there does.
 */
export function ContinueButton({ category }: { category: QuizCategory }) {
  const t = useT();
  const to = useLocalizedPath();
  return (
    <Form method="post" action={to("/playgames")} onSubmit={enterFullScreen}>
      <input type="hidden" name="intent" value="start" />
      <input type="hidden" name="category" value={category} />
      <button
        type="submit"
        className="rounded-lg px-3 py-1 text-sm font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50"
      >
        {t("quiz.continue")}
        <span className="sr-only"> {t(`quizCategories.${category}`)}</span>
      </button>
    </Form>
  );
}
