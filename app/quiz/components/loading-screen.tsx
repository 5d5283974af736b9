import { useT } from "../../i18n/use-t.ts";

/** The branded screen while a set loads (SPEC.md: "a loading screen with logos"). */
export function QuizLoadingScreen() {
  const t = useT();
  return (
    <div
      role="status"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 bg-brand-50"
    >
      <img src="/images/logo.svg" alt="" width="96" height="96" className="size-24" />
      <span
        aria-hidden="true"
        className="size-10 rounded-full border-4 border-brand-100 border-t-brand-700 motion-safe:animate-spin"
      />
      <p className="text-xl font-semibold text-brand-900">{t("quiz.loading")}</p>
    </div>
  );
}
