import { Form, Link } from "react-router";
import { formatDate } from "../../i18n/format.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { employerDecisionSchema } from "../../jobs/employer-profile.ts";
import { decideEmployer, employerForStaff } from "../../jobs/staff.server.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { baseUrlContext, databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { FieldList } from "../../staff/components/field-list.tsx";
import { staffIdOf } from "../../staff/ids.ts";
import { staffWrite } from "../../staff/write.server.ts";
import { primaryButton, secondaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { TextArea } from "../../ui/text-area.tsx";
import type { Route } from "./+types/employer";

/** An employer profile waiting on staff (issue 27): verify it (the badge) or reject it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const employer = await employerForStaff(context.get(databaseContext), staffIdOf(params.id));
  return {
    employer: {
      ...employer,
      createdAt: employer.createdAt.toISOString(),
      verifiedAt: employer.verifiedAt?.toISOString() ?? null,
      rejectedAt: employer.rejectedAt?.toISOString() ?? null,
    },
    messages: pageMessages(request, "staff"),
  };
}

export const action = formAction(async ({ request, context, params }: Route.ActionArgs) => {
  const staff = await requireStaff({ request, context });
  const form = await readInput(request, employerDecisionSchema);
  const { status } = await staffWrite(context.get(databaseContext), staff, "moderator", (tx) =>
    decideEmployer(
      tx,
      staffIdOf(params.id),
      form.intent === "verify" ? { to: "verified" } : { to: "rejected", reason: form.reason },
      { baseUrl: context.get(baseUrlContext) },
    ),
  );
  return { done: status };
});

export default function StaffEmployer({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { employer } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "employer-problem", ["reason"]);
  const none = t("staff.employers.none");
  const fields: [label: string, value: React.ReactNode][] = [
    [t("staff.employers.fields.name"), employer.name],
    [
      t("staff.employers.fields.logo"),
      employer.logo ? (
        <img
          key="logo"
          src={employer.logo}
          alt=""
          width="96"
          height="96"
          className="size-24 rounded-lg object-contain ring-1 ring-slate-200"
        />
      ) : (
        none
      ),
    ],
    [
      t("staff.employers.fields.website"),
      employer.website ? (
        // The host alone, as the directory shows a website: the address itself is the link.
        <a key="website" href={employer.website} rel="noopener noreferrer" className="underline">
          {URL.parse(employer.website)?.hostname ?? employer.website}
        </a>
      ) : (
        none
      ),
    ],
    [t("staff.employers.fields.descriptionEn"), employer.description["en-CA"] ?? none],
    [t("staff.employers.fields.descriptionFr"), employer.description["fr-CA"] ?? none],
    [t("staff.employers.fields.province"), t(`provinces.${employer.province as "ON"}`)],
    [t("staff.employers.fields.contactEmail"), employer.contactEmail],
    [
      t("staff.employers.fields.members"),
      employer.members.map((member) => member.name).join(", ") || none,
    ],
    [t("staff.employers.fields.status"), t(`staff.employers.status.${employer.status}`)],
    [t("staff.employers.fields.created"), formatDate(employer.createdAt, locale)],
  ];
  if (employer.rejectionReason)
    fields.push([t("staff.employers.fields.reason"), employer.rejectionReason]);
  return (
    <section>
      <title>{t("staff.employers.detailTitle", { id: employer.id })}</title>
      <p>
        <Link to={to("/staff")} className="text-brand-700 underline">
          {t("staff.employers.back")}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold break-words">
        {t("staff.employers.detailHeading", { id: employer.id, name: employer.name })}
      </h1>
      {result?.done && (
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-4 font-medium text-green-900">
          {t(`staff.employers.done.${result.done}`)}
        </p>
      )}
      <FieldList fields={fields} />
      {employer.status === "waiting" && (
        <Form
          method="post"
          ref={problem.form}
          noValidate
          className="mt-8 grid gap-6 md:grid-cols-2"
        >
          {problem.alert}
          <fieldset className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-slate-200">
            <legend className="px-1 text-lg font-bold">
              {t("staff.employers.verify.heading")}
            </legend>
            <p>{t("staff.employers.verify.explain")}</p>
            <button type="submit" name="intent" value="verify" className={primaryButton}>
              {t("staff.employers.verify.submit")}
            </button>
          </fieldset>
          <fieldset className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-slate-200">
            <legend className="px-1 text-lg font-bold">
              {t("staff.employers.reject.heading")}
            </legend>
            <TextArea
              id="employer-reason"
              name="reason"
              label={t("staff.employers.reject.reason")}
              maxLength={1000}
              {...problem.field("reason")}
              problem={problem.message("reason")}
            />
            <button type="submit" name="intent" value="reject" className={secondaryButton}>
              {t("staff.employers.reject.submit")}
            </button>
          </fieldset>
        </Form>
      )}
    </section>
  );
}
