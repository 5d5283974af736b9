import { pageMessages } from "../../i18n/messages.server.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { QUEUE_KINDS } from "../../staff/queue-kinds.server.ts";
import type { Route } from "./+types/queue";

export async function loader({ request, context }: Route.LoaderArgs) {
  // Every console loader checks for itself: a child's loader runs beside the layout's, not after.
  await requireStaff({ request, context });
  const db = context.get(databaseContext);
  const kinds = await Promise.all(
    QUEUE_KINDS.map(async (kind) => ({
      key: kind.key,
      label: kind.label,
      count: await kind.count(db),
    })),
  );
  return { kinds, messages: pageMessages(request, "staff") };
}

export default function StaffQueue({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const waiting = loaderData.kinds.filter((kind) => kind.count > 0);
  return (
    <section>
      <title>{t("staff.queue.metaTitle")}</title>
      <h1 className="text-2xl font-bold">{t("staff.queue.heading")}</h1>
      {waiting.length === 0 ? (
        <p className="mt-4">{t("staff.queue.empty")}</p>
      ) : (
        <ul className="mt-4 flex flex-wrap gap-2">
          {waiting.map((kind) => (
            <li key={kind.key} className="rounded-lg px-3 py-2 ring-1 ring-slate-300">
              {t(kind.label, { count: kind.count })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
