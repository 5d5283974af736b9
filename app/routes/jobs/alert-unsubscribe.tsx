import { data, Link } from "react-router";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { unsubscribeAlert } from "../../jobs/alerts.server.ts";
import { databaseContext } from "../../platform/context.ts";
import type { Route } from "./+types/alert-unsubscribe";

async function unsubscribe(request: Request, context: Route.LoaderArgs["context"]) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return unsubscribeAlert(context.get(databaseContext), token);
}

/**
 * The unsubscribe link of every alert mail: one click, no form, no sign-in (CASL). A POST to the
 * same address does the same, as RFC 8058's one-click unsubscribe from a mail program would.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const done = await unsubscribe(request, context);
  return data(
    { done, messages: pageMessages(request, "jobs") },
    { status: done ? 200 : 404, headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const done = await unsubscribe(request, context);
  return data({ done }, { status: done ? 200 : 404 });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const done = actionData?.done ?? loaderData.done;
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <title>{t("jobs.alerts.unsubscribeMetaTitle")}</title>
      <h1 className="text-3xl font-bold">{t("jobs.alerts.unsubscribeHeading")}</h1>
      <p
        role={done ? "status" : "alert"}
        className={`mt-6 rounded-lg p-4 font-medium ${done ? "bg-brand-50 text-brand-900" : "bg-red-50 text-red-800"}`}
      >
        {done ? t("jobs.alerts.unsubscribed") : t("jobs.alerts.invalidLink")}
      </p>
      <p className="mt-8">
        <Link to={to("/jobs")} className="font-semibold text-brand-800 underline">
          {t("jobs.alerts.backToJobs")}
        </Link>
      </p>
    </section>
  );
}
