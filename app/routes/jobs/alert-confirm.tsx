import { data, Form, Link, useSearchParams } from "react-router";
import { z } from "zod";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { confirmAlert, findAlert } from "../../jobs/alerts.server.ts";
import { AlertFiltersList } from "../../jobs/components/alert-filters-list.tsx";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import type { Route } from "./+types/alert-confirm";

const tokenSchema = z.object({ token: z.string("errors.not_found").max(100, "errors.not_found") });

/**
 * The link in the confirmation mail opens this page; the button confirms. Opening the link alone
 * confirms nothing: mail scanners open links too, and consent is the person's own click.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const alert = token ? await findAlert(context.get(databaseContext), token) : null;
  return data(
    { alert, messages: pageMessages(request, "jobs") },
    { status: alert ? 200 : 404, headers: { "Cache-Control": "no-store" } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { token } = await readInput(request, tokenSchema);
  if (!(await confirmAlert(context.get(databaseContext), token))) throw new AppError("not_found");
  return { confirmed: true };
});

export default function ConfirmAlert({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const [params] = useSearchParams();
  const { alert } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const confirmed = result?.confirmed || alert?.confirmed;
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <title>{t("jobs.alerts.confirmMetaTitle")}</title>
      <h1 className="text-3xl font-bold">{t("jobs.alerts.confirmHeading")}</h1>
      {!alert ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 font-medium text-red-800">
          {t("jobs.alerts.invalidLink")}
        </p>
      ) : confirmed ? (
        <p role="status" className="mt-6 rounded-lg bg-brand-50 p-4 font-medium text-brand-900">
          {t("jobs.alerts.confirmed")}
        </p>
      ) : (
        <Form method="post" className="mt-6 flex flex-col gap-4">
          <p className="break-words">{t("jobs.alerts.confirmText", { email: alert.email })}</p>
          <AlertFiltersList filters={alert.filters} />
          <input type="hidden" name="token" value={params.get("token") ?? ""} />
          <div>
            <button type="submit" className={primaryButton}>
              {t("jobs.alerts.confirm")}
            </button>
          </div>
        </Form>
      )}
      <p className="mt-8">
        <Link to={to("/jobs")} className="font-semibold text-brand-800 underline">
          {t("jobs.alerts.backToJobs")}
        </Link>
      </p>
    </section>
  );
}
