import { Form } from "react-router";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { findPlayers } from "../../players/staff.server.ts";
import { playerSearchSchema } from "../../players/staff-forms.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { PageLink } from "../../ui/page-link.tsx";
import { TextField } from "../../ui/text-field.tsx";
import type { Route } from "./+types/players";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const { q } = await readInput(request, playerSearchSchema);
  return {
    q,
    players: q ? await findPlayers(context.get(databaseContext), q) : null,
  };
}

export default function StaffPlayers({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const { q, players } = loaderData;
  return (
    <section>
      <title>{t("staff.players.metaTitle")}</title>
      <h1 className="text-2xl font-bold">{t("staff.players.heading")}</h1>
      <Form method="get" role="search" className="mt-4 flex max-w-xl flex-wrap items-end gap-3">
        <TextField
          id="player-query"
          name="q"
          type="search"
          label={t("staff.players.query")}
          hint={t("staff.players.queryHint")}
          defaultValue={q}
          maxLength={200}
          className="min-w-0 flex-1"
        />
        <button type="submit" className={`${primaryButton} mb-7`}>
          {t("staff.players.search")}
        </button>
      </Form>
      {players && (
        <section aria-labelledby="players-found" className="mt-6">
          <h2 id="players-found" className="text-xl font-bold">
            {t("staff.players.results")}
          </h2>
          {players.length === 0 ? (
            <p className="mt-2">{t("staff.players.none")}</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
              {players.map((player) => (
                <li key={player.id} className="flex flex-wrap items-baseline gap-x-4 px-4 py-3">
                  <PageLink
                    to={to(`/staff/players/${player.id}`)}
                    className="font-semibold text-brand-700 underline"
                  >
                    {player.handle}
                  </PageLink>
                  <span>{player.name}</span>
                  <span>{t(`staff.players.roles.${player.role}`)}</span>
                  {player.banned && (
                    <span className="rounded-full bg-red-100 px-2 text-sm font-semibold text-red-900">
                      {t("staff.players.banned")}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </section>
  );
}
