import { useT } from "../../i18n/use-t.ts";

/**
 * "Verified employer": staff verified the employer that posted the job (issue 27). The words are
 * the badge, so a screen reader says what a sighted reader sees; the check mark is decoration.
 */
export function VerifiedEmployerBadge({ verified }: { verified: boolean }) {
  const t = useT();
  if (!verified) return null;
  return (
    <span className="inline-flex w-fit items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-sm font-semibold text-green-900 ring-1 ring-green-200">
      <span aria-hidden="true">✓</span>
      {t("jobs.badge.verifiedEmployer")}
    </span>
  );
}

/**
 * "Answers 92% of applicants within 14 days": a verified employer's response rate, on its job
 * cards and pages once enough of its applications count (issue 27); nothing otherwise.
 */
export function ResponseRate({
  percent,
  className = "",
}: {
  percent: number | undefined;
  className?: string;
}) {
  const t = useT();
  if (percent === undefined) return null;
  return (
    <p className={`font-medium text-green-900 ${className}`}>
      {t("jobs.applications.responseRate", { percent })}
    </p>
  );
}
