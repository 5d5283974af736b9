import type { CategorySlug } from "../../directory/categories.ts";
import { listingDecisionSchema } from "../../directory/new-listing.ts";
import { decideListing, listingForStaff } from "../../directory/staff.server.ts";
import { formatDate } from "../../i18n/format.ts";
import { pageMessagesWithScripts } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { baseUrlContext, databaseContext, pageCacheContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { displayPhone } from "../../platform/phone.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { DecisionPage } from "../../staff/components/decision-page.tsx";
import { staffIdOf } from "../../staff/ids.ts";
import { staffWrite } from "../../staff/write.server.ts";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { PageLink } from "../../ui/page-link.tsx";
import type { Route } from "./+types/listing";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const row = await listingForStaff(context.get(databaseContext), staffIdOf(params.id));
  return {
    listing: {
      ...row,
      category: row.category as CategorySlug,
      // The player's public identity only: their e-mail is for admins (issue 25).
      submitter: row.submitter ? { id: row.submitter.id, handle: row.submitter.handle } : null,
      createdAt: row.createdAt.toISOString(),
    },
    messages: pageMessagesWithScripts({ request, context }, "directory"),
  };
}

export const action = formAction(async ({ request, context, params }: Route.ActionArgs) => {
  const staff = await requireStaff({ request, context });
  const form = await readInput(request, listingDecisionSchema);
  const { status } = await staffWrite(context.get(databaseContext), staff, "moderator", (tx) =>
    decideListing(
      tx,
      staffIdOf(params.id),
      form.intent === "approve" ? { to: "approved" } : { to: "rejected", reason: form.reason },
      { baseUrl: context.get(baseUrlContext) },
    ),
  );
  // An approved listing shows on the directory's pages at once, kept ones included.
  if (status === "approved") context.get(pageCacheContext).clear();
  return { done: status };
});

export default function StaffListing({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { listing } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "listing-problem", ["reason"]);
  const none = t("staff.listings.none");
  const fields: [label: string, value: React.ReactNode][] = [
    [t("staff.listings.fields.status"), t(`staff.listings.status.${listing.status}`)],
    [t("staff.listings.fields.submitted"), formatDate(listing.createdAt, locale)],
    [
      t("staff.listings.fields.submitter"),
      listing.submitter ? (
        <PageLink
          key="submitter"
          to={to(`/staff/players/${listing.submitter.id}`)}
          className="text-brand-700 underline"
        >
          {listing.submitter.handle}
        </PageLink>
      ) : (
        none
      ),
    ],
    [t("staff.listings.fields.category"), t(`categories.${listing.category}`)],
    [
      t("staff.listings.fields.address"),
      `${listing.address}, ${listing.city} (${listing.province}) ${listing.postalCode}`,
    ],
    [t("staff.listings.fields.phone"), listing.phone ? displayPhone(listing.phone) : none],
    [t("staff.listings.fields.website"), listing.website ?? none],
    [t("staff.listings.fields.email"), listing.contactEmail ?? none],
    [t("staff.listings.fields.descriptionEn"), listing.description["en-CA"] || none],
    [t("staff.listings.fields.descriptionFr"), listing.description["fr-CA"] || none],
    [
      t("staff.listings.fields.hours"),
      `${listing.opensAt.slice(0, 5)}–${listing.closesAt.slice(0, 5)}`,
    ],
    [t("staff.listings.fields.pin"), `${listing.latitude}, ${listing.longitude}`],
  ];
  if (listing.rejectedReason)
    fields.push([t("staff.listings.fields.reason"), listing.rejectedReason]);
  return (
    <DecisionPage
      title={t("staff.listings.metaTitle", { id: listing.id })}
      back={{ href: to("/staff?kind=listings"), label: t("staff.listings.back") }}
      heading={t("staff.listings.heading", { business: listing.name })}
      done={result?.done && t(`staff.listings.done.${result.done}`)}
      fields={fields}
      waiting={listing.status === "pending"}
      problem={problem}
      choices={[
        {
          intent: "approve",
          heading: t("staff.listings.approve.heading"),
          explain: t("staff.listings.approve.text"),
          submit: t("staff.listings.approve.submit"),
        },
        {
          intent: "reject",
          heading: t("staff.listings.reject.heading"),
          text: {
            id: "listing-reason",
            name: "reason",
            label: t("staff.listings.reject.reason"),
            hint: t("staff.listings.reject.reasonHint"),
          },
          submit: t("staff.listings.reject.submit"),
        },
      ]}
    >
      <p className="mt-4">
        <PageLink to={to(`/businesses/${listing.id}`)} className="text-brand-700 underline">
          {t("staff.listings.page")}
        </PageLink>
      </p>
    </DecisionPage>
  );
}
