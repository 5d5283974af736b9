import { pageMessages } from "../../i18n/messages.server.ts";
import { useT } from "../../i18n/use-t.ts";
import type { Route } from "./+types/fraud-policy";

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, "jobs") };
}

const NOT_ALLOWED = ["fees", "fake", "banking", "pay", "identity"] as const;
const STAFF = ["verify", "queue", "removal"] as const;

/**
 * The job board's written policy against fraudulent postings (issue 27; Ontario requires job
 * platforms to have one): what is refused, how to report, what staff do, and how fast.
 */
export default function FraudPolicy() {
  const t = useT();
  const heading = "mt-8 text-xl font-bold";
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <title>{t("jobs.fraudPolicy.metaTitle")}</title>
      <meta name="description" content={t("jobs.fraudPolicy.intro")} />
      <h1 className="text-3xl font-bold">{t("jobs.fraudPolicy.heading")}</h1>
      <p className="mt-4 text-lg text-slate-700">{t("jobs.fraudPolicy.intro")}</p>
      <h2 className={heading}>{t("jobs.fraudPolicy.notAllowedHeading")}</h2>
      <ul className="mt-3 list-disc space-y-2 pl-6">
        {NOT_ALLOWED.map((key) => (
          <li key={key}>{t(`jobs.fraudPolicy.notAllowed.${key}`)}</li>
        ))}
      </ul>
      <h2 className={heading}>{t("jobs.fraudPolicy.reportHeading")}</h2>
      <p className="mt-3">{t("jobs.fraudPolicy.report")}</p>
      <h2 className={heading}>{t("jobs.fraudPolicy.staffHeading")}</h2>
      <ul className="mt-3 list-disc space-y-2 pl-6">
        {STAFF.map((key) => (
          <li key={key}>{t(`jobs.fraudPolicy.staff.${key}`)}</li>
        ))}
      </ul>
      <h2 className={heading}>{t("jobs.fraudPolicy.speedHeading")}</h2>
      <p className="mt-3">{t("jobs.fraudPolicy.speed")}</p>
    </article>
  );
}
