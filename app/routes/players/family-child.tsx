import { Form, Link, redirect, useNavigation } from "react-router";
import { requireViewer } from "../../auth/session.server.ts";
import { formatDate, formatNumber } from "../../i18n/format.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { clientAddressOf } from "../../platform/audit.server.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { requireChildOf } from "../../players/family.server.ts";
import {
  correctChildAge,
  decideAsParent,
  deleteChildAccount,
} from "../../players/family-child.server.ts";
import { familyChildFormSchema } from "../../players/family-child-form.ts";
import { listRequests } from "../../players/redeem.server.ts";
import { primaryButton, secondaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { TextField } from "../../ui/text-field.tsx";
import type { Route } from "./+types/family-child";

const FIELDS = ["age", "confirm"];

/**
 * One child's page for their parent (issue 28): the child's redeem requests, which wait for a
 * parent's approval before staff see them, and the child's age, which only a parent corrects. Only a linked parent opens it; anyone else gets the
 * site's 404, the same answer as for a child who does not exist.
 */
export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context, url });
  const db = context.get(databaseContext);
  const child = await requireChildOf(db, viewer.id, params.childId);
  const locale = localeFromPath(url.pathname);
  const requests = await listRequests(db, child.id);
  return {
    child,
    requests: requests.map((row) => ({ ...row, goal: row.goal.name[locale] })),
    messages: pageMessages(request, "players", "auth"),
  };
}

export const action = formAction(async ({ request, context, url, params }: Route.ActionArgs) => {
  const viewer = await requireViewer({ request, context, url });
  const form = await readInput(request, familyChildFormSchema);
  const db = context.get(databaseContext);
  const parent = { id: viewer.id, clientAddress: clientAddressOf(request) };
  if (form.intent === "delete") {
    await deleteChildAccount(db, parent, params.childId);
    return redirect(
      `${localizedPath("/family", localeFromPath(url.pathname))}?notice=child-deleted`,
    );
  }
  if (form.intent === "age") await correctChildAge(db, parent, params.childId, form.age);
  else await decideAsParent(db, parent, params.childId, form.request, form.intent);
  return { done: form.intent };
});

export default function FamilyChild({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const busy = useNavigation().state === "submitting";
  const { child, requests } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "family-child-problem", FIELDS);
  const waiting = requests.filter((row) => row.status === "awaiting_parent");
  const others = requests.filter((row) => row.status !== "awaiting_parent");
  const line = (row: (typeof requests)[number]) =>
    t("familyChild.requests.line", {
      name: row.goal,
      points: formatNumber(row.cost, locale),
      date: formatDate(row.createdAt, locale),
    });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <title>{t("familyChild.metaTitle", { name: child.name })}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold text-brand-900">
        {t("familyChild.title", { name: child.name })}
      </h1>
      {result?.done && (
        <p role="status" className="mt-6 rounded-lg bg-green-50 p-4 font-medium text-green-900">
          {t(`familyChild.done.${result.done}`)}
        </p>
      )}
      <div className="mt-4">{problem.alert}</div>
      <section aria-labelledby="family-requests" className="mt-8">
        <h2 id="family-requests" className="text-2xl font-bold">
          {t("familyChild.requests.title")}
        </h2>
        <p className="mt-2 text-slate-700">{t("familyChild.requests.intro")}</p>
        {waiting.length === 0 ? (
          <p className="mt-4 text-slate-700">{t("familyChild.requests.noneWaiting")}</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
            {waiting.map((row) => (
              <li key={row.id} className="flex flex-col gap-3 px-4 py-3">
                <span id={`family-request-${row.id}`}>{line(row)}</span>
                <div className="flex flex-wrap gap-3">
                  {(["approve", "decline"] as const).map((intent) => (
                    <Form method="post" key={intent}>
                      <input type="hidden" name="intent" value={intent} />
                      <input type="hidden" name="request" value={row.id} />
                      <button
                        type="submit"
                        disabled={busy}
                        aria-describedby={`family-request-${row.id}`}
                        className={intent === "approve" ? primaryButton : secondaryButton}
                      >
                        {t(`familyChild.requests.${intent}`)}
                      </button>
                    </Form>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        )}
        {others.length > 0 && (
          <>
            <h3 className="mt-6 text-lg font-semibold">{t("familyChild.requests.earlier")}</h3>
            <ul className="mt-2 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
              {others.map((row) => (
                <li key={row.id} className="flex flex-wrap justify-between gap-2 px-4 py-3">
                  <span>{line(row)}</span>
                  <span className="font-semibold">{t(`familyChild.status.${row.status}`)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section aria-labelledby="family-data" className="mt-10">
        <h2 id="family-data" className="text-2xl font-bold">
          {t("familyChild.export.section")}
        </h2>
        <div className="mt-4 flex flex-wrap gap-4">
          <Link to={to(`/family/children/${child.id}/data`)} className={secondaryButton}>
            {t("familyChild.export.open")}
          </Link>
          <a
            href={to(`/family/children/${child.id}/data.json`)}
            download
            className={secondaryButton}
          >
            {t("familyChild.export.download")}
          </a>
        </div>
      </section>
      <section aria-labelledby="family-age" className="mt-10">
        <h2 id="family-age" className="text-2xl font-bold">
          {t("familyChild.age.title")}
        </h2>
        <p className="mt-2 text-slate-700">
          {child.age === null
            ? t("familyChild.age.unknown")
            : t("familyChild.age.current", { age: child.age })}
        </p>
        <p className="mt-2 text-slate-700">{t("familyChild.age.intro")}</p>
        <Form method="post" ref={problem.form} noValidate className="mt-4 flex flex-col gap-4">
          <input type="hidden" name="intent" value="age" />
          <TextField
            id="family-age-field"
            name="age"
            inputMode="numeric"
            autoComplete="off"
            label={t("familyChild.age.label")}
            defaultValue={child.age ?? ""}
            className="max-w-40"
            {...problem.field("age")}
            problem={problem.message("age")}
          />
          <button type="submit" disabled={busy} className={`${secondaryButton} self-start`}>
            {t("familyChild.age.submit")}
          </button>
        </Form>
      </section>
      <section aria-labelledby="family-delete" className="mt-10">
        <h2 id="family-delete" className="text-2xl font-bold">
          {t("familyChild.delete.title")}
        </h2>
        <p className="mt-2 text-slate-700">{t("familyChild.delete.intro")}</p>
        <Form method="post" noValidate className="mt-4 flex flex-col gap-4">
          <input type="hidden" name="intent" value="delete" />
          <div className="flex items-start gap-3">
            <input
              id="family-delete-confirm"
              type="checkbox"
              name="confirm"
              value="yes"
              className="mt-1 size-5"
              {...problem.field("confirm")}
            />
            <label htmlFor="family-delete-confirm">
              {t("familyChild.delete.confirm", { name: child.name })}
            </label>
          </div>
          {problem.message("confirm")}
          <button
            type="submit"
            disabled={busy}
            className="self-start rounded-lg bg-red-700 px-6 py-3 font-semibold text-white hover:bg-red-800"
          >
            {t("familyChild.delete.submit")}
          </button>
        </Form>
      </section>
    </div>
  );
}
