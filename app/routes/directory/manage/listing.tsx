import { getViewer } from "../../../auth/session.server.ts";
import { ownersOf, requireBusinessManager } from "../../../directory/owners.server.ts";
import { parseBusinessId } from "../../../directory/search.ts";
import { pageMessages } from "../../../i18n/messages.server.ts";
import { useT } from "../../../i18n/use-t.ts";
import { databaseContext } from "../../../platform/context.ts";
import { AppError } from "../../../platform/errors.ts";
import type { Route } from "./+types/listing";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const businessId = parseBusinessId(params.id);
  if (!businessId) throw new AppError("not_found");
  const db = context.get(databaseContext);
  await requireBusinessManager(db, await getViewer(request, context), businessId, request);
  return {
    owners: await ownersOf(db, businessId),
    messages: pageMessages(request, "manage"),
  };
}

export default function ManageListing({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section aria-labelledby="owners-heading">
      <h2 id="owners-heading" className="text-xl font-bold">
        {t("manage.owners.heading")}
      </h2>
      <ul className="mt-2 list-disc pl-6">
        {loaderData.owners.map((owner) => (
          <li key={owner.id}>{owner.identity.displayName}</li>
        ))}
      </ul>
    </section>
  );
}
