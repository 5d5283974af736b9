import { Link } from "react-router";
import { getViewer } from "../../auth/session.server.ts";
import { countBusinessesByCategory, searchBusinesses } from "../../directory/businesses.server.ts";
import { AddBusinessLink } from "../../directory/components/add-business-link.tsx";
import { BusinessCard, BusinessGrid } from "../../directory/components/business-card.tsx";
import { CategoryTiles } from "../../directory/components/category-tiles.tsx";
import { RotatingHeading } from "../../directory/components/hero.tsx";
import { SearchForm } from "../../directory/components/search-form.tsx";
import { savedAmong } from "../../directory/saved.server.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { ButtonLink } from "../../ui/button-link.tsx";
import { Hero } from "../../ui/hero.tsx";
import { Icon, type IconName } from "../../ui/icons.tsx";
import type { PlayerPageHandle } from "../../ui/player-page.ts";
import type { Route } from "./+types/home";

const TOP_BUSINESSES = 6;

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const [counts, top, viewer] = await Promise.all([
    countBusinessesByCategory(db),
    searchBusinesses(db, { title: "", location: "" }, { limit: TOP_BUSINESSES }),
    getViewer(request, context),
  ]);
  const page = {
    counts,
    top: top.items,
    saved: [] as number[],
    messages: pageMessages(request, "directory"),
  };
  return withSaved(
    page,
    await savedAmong(
      db,
      viewer?.id,
      top.items.map((item) => item.id),
    ),
  );
}

type HomeData = { saved: readonly number[] };

function withSaved<Data extends HomeData>(data: Data, saved: readonly number[]): Data {
  return { ...data, saved };
}

export const handle: PlayerPageHandle<HomeData> = { playerPage: { withSaved } };

const STEPS: { key: "find" | "contact" | "reserve"; icon: IconName }[] = [
  { key: "find", icon: "search" },
  { key: "contact", icon: "chat" },
  { key: "reserve", icon: "calendar" },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  return (
    <>
      <title>{t("home.title")}</title>
      <meta name="description" content={t("site.description")} />
      <Hero heading={<RotatingHeading />} subline={t("home.heroSubline")}>
        <SearchForm />
      </Hero>

      <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="how-it-works" className="text-center text-3xl font-bold">
          {t("home.howItWorks")}
        </h2>
        <ol className="mt-10 grid gap-8 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.key} className="flex flex-col items-center text-center">
              <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <Icon name={step.icon} className="size-8" />
              </span>
              <h3 className="mt-4 text-xl font-semibold">
                <span className="sr-only">{index + 1}. </span>
                {t(`home.steps.${step.key}.title`)}
              </h3>
              <p className="mt-2 text-slate-700">{t(`home.steps.${step.key}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="categories" className="bg-slate-50 py-14">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading id="categories" title={t("home.exploreByCategory")} />
          <div className="mt-8">
            <CategoryTiles counts={loaderData.counts} />
          </div>
          <p className="mt-8 text-center">
            <AddBusinessLink />
          </p>
        </div>
      </section>

      <section aria-labelledby="top-businesses" className="mx-auto max-w-6xl px-4 py-14">
        <SectionHeading id="top-businesses" title={t("home.topBusinesses")} />
        <div className="mt-8">
          <BusinessGrid labelledBy="top-businesses">
            {loaderData.top.map((business) => (
              <li key={business.id}>
                <BusinessCard business={business} saved={loaderData.saved.includes(business.id)} />
              </li>
            ))}
          </BusinessGrid>
        </div>
        <div className="mt-10 text-center">
          <ButtonLink to={to("/businesses")}>{t("home.moreBusinesses")}</ButtonLink>
        </div>
      </section>
    </>
  );
}

function SectionHeading({ id, title }: { id: string; title: string }) {
  const t = useT();
  const to = useLocalizedPath();
  return (
    <div className="flex items-end justify-between gap-4">
      <h2 id={id} className="text-2xl font-bold md:text-3xl">
        {title}
      </h2>
      <Link
        to={to("/businesses")}
        className="whitespace-nowrap font-semibold text-brand-700 hover:underline"
        aria-label={t("home.showAllBusinesses")}
      >
        {t("home.showAll")}
      </Link>
    </div>
  );
}
