import { data, Link } from "react-router";
import { getBusiness } from "../../directory/businesses.server.ts";
import { OpenStatus } from "../../directory/components/open-status.tsx";
import { ProductCarousel } from "../../directory/components/product-carousel.tsx";
import { parseBusinessId } from "../../directory/search.ts";
import type { BusinessDetail } from "../../directory/types.ts";
import { formatDate, formatMoney, formatNumber, formatTimeOfDay } from "../../i18n/format.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { Icon } from "../../ui/icons.tsx";
import { Stars } from "../../ui/stars.tsx";
import type { Route } from "./+types/business";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = parseBusinessId(params.id);
  const business = id ? await getBusiness(context.get(databaseContext), id) : null;
  if (!business) throw data(null, { status: 404 });
  return { business, messages: pageMessages(request, "directory") };
}

export default function BusinessPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { business } = loaderData;
  const description = business.description[locale];

  return (
    <article>
      <title>{t("business.metaTitle", { name: business.name, city: business.city })}</title>
      <meta name="description" content={description} />
      <div className="relative">
        <img
          src={business.coverImage}
          alt=""
          width="400"
          height="300"
          className="h-56 w-full object-cover md:h-80"
          fetchPriority="high"
        />
      </div>
      <div className="mx-auto max-w-6xl px-4">
        <Link
          to={to("/businesses")}
          className="mt-6 inline-flex items-center gap-1 text-brand-700 hover:underline"
        >
          <Icon name="arrowLeft" className="size-4" />
          {t("business.back")}
        </Link>
        <header className="mt-4 flex flex-col gap-3">
          <p className="text-sm font-medium text-brand-800">
            {t(`categories.${business.category}`)} · {business.city}, {business.province}
          </p>
          <h1 className="text-3xl font-bold md:text-4xl">{business.name}</h1>
          <p className="flex flex-wrap items-center gap-3">
            <Stars rating={business.rating} size="lg" />
            <span className="text-slate-700">
              {t("business.rated", { count: business.reviewCount })}
            </span>
          </p>
          <p className="max-w-3xl text-lg text-slate-800">{description}</p>
          <OpeningHours business={business} />
          <p className="text-slate-700">
            {t("businesses.startFrom")}{" "}
            <span className="font-semibold">{formatMoney(business.priceFromCents, locale)}</span>
          </p>
          <a href="#photos" className="font-semibold text-brand-700 hover:underline">
            {t("business.seeAllPhotos")}
          </a>
          <Link
            to={`${to("/pricing")}?${new URLSearchParams({ plan: "", business: String(business.id) })}#plan-request`}
            className="text-slate-700 underline hover:text-brand-800"
          >
            {t("business.claim")}
          </Link>
        </header>

        {business.promo && (
          <section
            aria-labelledby="promo"
            className="mt-10 grid overflow-hidden rounded-2xl bg-accent-500/10 ring-1 ring-accent-500/30 md:grid-cols-2"
          >
            <img
              src={business.promo.image}
              alt=""
              width="640"
              height="360"
              loading="lazy"
              className="aspect-video w-full object-cover"
            />
            <div className="p-6">
              <h2
                id="promo"
                className="text-sm font-semibold uppercase tracking-wide text-accent-700"
              >
                {t("business.promo")}
              </h2>
              <p className="mt-2 text-2xl font-bold">{business.promo.title[locale]}</p>
              <p className="mt-2 text-slate-800">{business.promo.description[locale]}</p>
            </div>
          </section>
        )}

        <section aria-labelledby="products" className="mt-12">
          <h2 id="products" className="text-2xl font-bold">
            {t("business.products")}
          </h2>
          <div className="mt-4">
            <ProductCarousel products={business.products} labelledBy="products" />
          </div>
        </section>

        <div className="mt-12 grid gap-12 lg:grid-cols-[2fr_1fr]">
          <Reviews business={business} />
          <Location business={business} />
        </div>

        <Questions business={business} />
        <Photos business={business} />
      </div>
    </article>
  );
}

function OpeningHours({ business }: { business: BusinessDetail }) {
  const t = useT();
  const locale = useLocale();
  const opens = formatTimeOfDay(business.opensAt, locale);
  const closes = formatTimeOfDay(business.closesAt, locale);
  const allDay = business.opensAt === business.closesAt;
  return (
    <p className="flex flex-wrap items-center gap-2 text-slate-800">
      <Icon name="clock" className="size-5 text-slate-600" />
      <OpenStatus openNow={business.openNow} className="font-semibold" />
      {!allDay && (
        <span>
          ·{" "}
          {business.openNow
            ? t("business.closesAt", { time: closes })
            : t("business.opensNext", { time: opens })}
        </span>
      )}
      <span className="text-slate-600">
        ({allDay ? t("business.openAllDay") : t("business.opensAt", { opens, closes })})
      </span>
    </p>
  );
}

function Reviews({ business }: { business: BusinessDetail }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="reviews">
      <h2 id="reviews" className="text-2xl font-bold">
        {t("business.reviews")}
      </h2>
      <div className="mt-4 flex items-center gap-4 rounded-2xl bg-slate-50 p-4">
        <p className="text-4xl font-bold">{formatNumber(business.rating, locale, 1)}</p>
        <div>
          <p className="font-semibold">{t("business.overallRating")}</p>
          <Stars rating={business.rating} />
          <p className="text-sm text-slate-600">
            {t("business.basedOn", { count: business.reviewCount })}
          </p>
        </div>
      </div>
      {business.reviews.length === 0 ? (
        <p className="mt-4 text-slate-700">{t("business.noReviews")}</p>
      ) : (
        <ul className="mt-6 space-y-6">
          {business.reviews.map((review) => (
            <li key={review.id} className="border-b border-slate-100 pb-6">
              <p className="flex flex-wrap items-center gap-3">
                <span className="font-semibold">{review.authorName}</span>
                <Stars rating={review.rating} />
                <span className="text-sm text-slate-600">
                  {formatDate(review.createdAt, locale)}
                </span>
              </p>
              <p lang={review.locale} className="mt-2 text-slate-800">
                {review.body}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Location({ business }: { business: BusinessDetail }) {
  const t = useT();
  const { latitude: lat, longitude: lng } = business;
  const box = [lng - 0.01, lat - 0.006, lng + 0.01, lat + 0.006].map((n) => n.toFixed(4)).join(",");
  return (
    <section aria-labelledby="location">
      <h2 id="location" className="text-2xl font-bold">
        {t("business.location")}
      </h2>
      <address className="mt-4 flex gap-2 not-italic text-slate-800">
        <Icon name="pin" className="mt-0.5 size-5 shrink-0 text-slate-600" />
        <span>
          {business.address}
          <br />
          {business.city} ({business.province}) {business.postalCode}
        </span>
      </address>
      {/* Below the fold and lazy: the page never waits for map tiles, and works when they fail. */}
      <iframe
        title={t("business.mapTitle", { name: business.name })}
        src={`https://www.openstreetmap.org/export/embed.html?bbox=${box}&layer=mapnik&marker=${lat},${lng}`}
        loading="lazy"
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin"
        className="mt-4 aspect-[4/3] w-full rounded-xl bg-slate-100 ring-1 ring-slate-200"
      />
      <a
        href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-2 inline-block text-brand-700 hover:underline"
      >
        {t("business.openMap")}
      </a>
    </section>
  );
}

function Questions({ business }: { business: BusinessDetail }) {
  const t = useT();
  return (
    <section aria-labelledby="questions" className="mt-12">
      <h2 id="questions" className="text-2xl font-bold">
        {t("business.questions")}
      </h2>
      {business.questions.length === 0 ? (
        <p className="mt-4 text-slate-700">{t("business.noQuestions")}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {business.questions.map((item) => (
            <li key={item.id} className="rounded-xl bg-slate-50 p-4">
              <p lang={item.locale} className="font-semibold">
                {item.question}
              </p>
              <p className="text-sm text-slate-600">
                {t("business.askedBy", { name: item.askedBy })}
              </p>
              {item.answer && (
                <p className="mt-2 text-slate-800">
                  <span className="font-medium">{t("business.ownerAnswer")}</span>{" "}
                  <span lang={item.locale}>{item.answer}</span>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Photos({ business }: { business: BusinessDetail }) {
  const t = useT();
  const locale = useLocale();
  const photos = [
    { src: business.coverImage, alt: business.name },
    ...(business.promo ? [{ src: business.promo.image, alt: business.promo.title[locale] }] : []),
    ...business.products.map((product) => ({ src: product.image, alt: product.name[locale] })),
  ];
  const unique = photos.filter(
    (photo, index) => photos.findIndex((other) => other.src === photo.src) === index,
  );
  return (
    <section id="photos" aria-labelledby="photos-heading" className="mt-12 scroll-mt-20">
      <h2 id="photos-heading" className="text-2xl font-bold">
        {t("business.photos", { name: business.name })}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4">
        {unique.map((photo) => (
          <li key={photo.src}>
            <img
              src={photo.src}
              alt={photo.alt}
              loading="lazy"
              width="300"
              height="300"
              className="aspect-square w-full rounded-xl bg-slate-50 object-cover ring-1 ring-slate-200"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
