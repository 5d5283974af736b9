import { useEffect, useState } from "react";
import { data, Link, redirect, useFetcher } from "react-router";
import { getViewer, requireViewer } from "../../auth/session.server.ts";
import { safeRedirect } from "../../auth/validation.ts";
import { businessForViewer } from "../../directory/businesses.server.ts";
import {
  answerQuestion,
  askQuestion,
  deleteReview,
  findOwnReview,
  listQuestions,
  listReviews,
  removedReviewTally,
  updateReview,
  writeReview,
} from "../../directory/community.server.ts";
import {
  businessFormSchema,
  businessIntentOf,
  questionPageSchema,
  reviewPageSchema,
} from "../../directory/community.ts";
import { ClaimStatus } from "../../directory/components/claim-status.tsx";
import { Questions, Reviews } from "../../directory/components/community.tsx";
import { OpenStatus } from "../../directory/components/open-status.tsx";
import { OpeningHoursSection } from "../../directory/components/opening-hours.tsx";
import { SaveButton, ShareButton } from "../../directory/components/place-actions.tsx";
import { ProductCarousel } from "../../directory/components/product-carousel.tsx";
import { Promotion } from "../../directory/components/promotion.tsx";
import { altIn } from "../../directory/gallery.ts";
import { localBusinessJsonLd } from "../../directory/json-ld.ts";
import { ownersOf } from "../../directory/owners.server.ts";
import { isBusinessSaved, saveBusiness, unsaveBusiness } from "../../directory/saved.server.ts";
import { parseBusinessId } from "../../directory/search.ts";
import { statLinkHref } from "../../directory/stats.ts";
import type { BusinessDetail } from "../../directory/types.ts";
import { formatMoney } from "../../i18n/format.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import {
  type FormOutcome,
  formAction,
  formFailure,
  retryAfterHeaders,
} from "../../platform/api.ts";
import { baseUrlContext, databaseContext } from "../../platform/context.ts";
import { AppError, isAppError } from "../../platform/errors.ts";
import { readRaw, validate } from "../../platform/input.server.ts";
import {
  saveConfirmation,
  savedHeaders,
  signInToSave,
} from "../../platform/pending-save.server.ts";
import { displayPhone } from "../../platform/phone.ts";
import { takeAttempt } from "../../platform/rate-limit.server.ts";
import { scriptJson } from "../../platform/text.ts";
import { secondaryButton } from "../../ui/button-link.tsx";
import { CONFIRM_SAVE_KEY, ConfirmSave } from "../../ui/confirm-save.tsx";
import { ForSale, useForSale } from "../../ui/for-sale.tsx";
import { Icon } from "../../ui/icons.tsx";
import { showNotice } from "../../ui/notice.tsx";
import { Stars } from "../../ui/stars.tsx";
import { useHydrated } from "../../ui/use-hydrated.ts";
import type { Route } from "./+types/business";

export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const id = parseBusinessId(params.id);
  if (!id) throw new AppError("not_found");
  const db = context.get(databaseContext);
  const viewer = await getViewer(request, context);
  const { business, status } = await businessForViewer(db, id, viewer?.id ?? null);
  const locale = localeFromPath(url.pathname);
  const query = url.searchParams;
  const reviewPage = await validate(reviewPageSchema, {
    sort: query.get("sort") ?? undefined,
    cursor: query.get("reviews") ?? undefined,
  });
  const questionPage = await validate(questionPageSchema, {
    cursor: query.get("questions") ?? undefined,
  });
  const [reviews, questions, ownReview, saved, removedReviews, owners] = await Promise.all([
    listReviews(db, business.id, reviewPage, viewer?.id),
    listQuestions(db, business.id, questionPage),
    viewer ? findOwnReview(db, viewer.id, business.id) : null,
    viewer ? isBusinessSaved(db, viewer.id, business.id) : false,
    removedReviewTally(db, business.id),
    ownersOf(db, business.id),
  ]);
  // Back from logging in after Save: ask to confirm.
  const confirmSave = saveConfirmation(request, url, "business", business.id, {
    signedIn: viewer !== null,
    saved,
  });
  const baseUrl = context.get(baseUrlContext);
  return {
    business,
    // Not listed yet (its submitter or staff looking): the page says so.
    status,
    reviews,
    removedReviews,
    owners: owners.map((owner) => owner.identity.displayName),
    questions,
    sort: reviewPage.sort,
    reviewsPaged: reviewPage.cursor !== undefined,
    questionsPaged: questionPage.cursor !== undefined,
    ownReview,
    saved,
    signedIn: viewer !== null,
    confirmSave,
    loginHref: `${localizedPath("/login", locale)}?${new URLSearchParams({ redirectTo: url.pathname })}`,
    // Never broken across lines: no-break spaces and hyphens.
    phoneShown: business.phone
      ? displayPhone(business.phone).replaceAll(" ", "\u00a0").replaceAll("-", "\u2011")
      : null,
    // Only a listed business is described to search engines.
    jsonLd:
      status === "approved" ? scriptJson(localBusinessJsonLd(business, locale, baseUrl)) : null,
    messages: pageMessages(request, "directory", "businessPage"),
  };
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

const WRITE_INTENTS = new Set(["review", "review-update", "ask", "answer"]);

/**
 * The page's forms: write, change or delete one's review, ask, answer (players only, each write
 * counted against the "directory-write" limit), and save or unsave (a visitor is sent to log in first).
 */
export const action = formAction(async ({ request, params, context, url }: Route.ActionArgs) => {
  const id = parseBusinessId(params.id);
  if (!id) throw new AppError("not_found");
  const db = context.get(databaseContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const here = localizedPath(`/businesses/${id}`, locale);
  const raw = await readRaw(request);
  const intent = businessIntentOf(raw);
  const questionId = Number((raw as { questionId?: unknown }).questionId) || undefined;
  try {
    // A write counts against its limit before its form is checked, so refused input counts too
    // (decision 0038); deleting one's review and saving do not count.
    const writer =
      intent && WRITE_INTENTS.has(intent) ? await requireViewer({ request, context, url }) : null;
    if (writer) await takeAttempt(db, "directory-write", writer.id);
    const form = await validate(businessFormSchema, raw);
    if (form.intent === "save" || form.intent === "unsave") {
      const viewer = await getViewer(request, context);
      if (!viewer) {
        if (form.intent === "unsave") throw new AppError("unauthorized");
        return signInToSave(request, "business", id, here, locale);
      }
      if (form.intent === "save") await saveBusiness(db, viewer.id, id);
      else await unsaveBusiness(db, viewer.id, id);
      const headers = savedHeaders(request, "business");
      if (form.via === "fetch") return data({ intent, saved: form.intent === "save" }, { headers });
      const back = new URL(safeRedirect(form.returnTo, here), "http://site.invalid");
      back.searchParams.delete("save");
      back.searchParams.set("notice", form.intent === "save" ? "saved" : "unsaved");
      return redirect(`${back.pathname}${back.search}`, { headers });
    }
    const viewer = writer ?? (await requireViewer({ request, context, url }));
    switch (form.intent) {
      case "review":
        await writeReview(db, viewer.id, id, { rating: form.rating, body: form.body, locale });
        return redirect(`${here}?notice=review-posted#reviews`);
      case "review-update":
        await updateReview(db, viewer.id, form.reviewId, {
          rating: form.rating,
          body: form.body,
          locale,
        });
        return redirect(`${here}?notice=review-updated#reviews`);
      case "review-delete":
        await deleteReview(db, viewer.id, form.reviewId);
        return redirect(`${here}?notice=review-deleted#reviews`);
      case "ask":
        await askQuestion(db, viewer.id, id, { question: form.question, locale });
        return redirect(`${here}?notice=question-posted#questions`);
      case "answer":
        await answerQuestion(db, viewer.id, form.questionId, { answer: form.answer, locale });
        return redirect(`${here}?notice=answer-posted#questions`);
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    return formFailure(error, { intent, questionId });
  }
});

export default function BusinessPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { business } = loaderData;
  // A listing added by a player may describe itself in one language only.
  const description =
    business.description[locale] || business.description[locale === "en-CA" ? "fr-CA" : "en-CA"];
  const result: FormOutcome<typeof actionData> = actionData;
  // The confirmation's answer arrives with the page that no longer asks: the toast says it.
  const confirmation = useFetcher<typeof action>({ key: CONFIRM_SAVE_KEY });
  const confirmed: FormOutcome<typeof confirmation.data> = confirmation.data;
  useEffect(() => {
    if (confirmed?.saved) showNotice("saved");
  }, [confirmed]);

  return (
    <article>
      <title>{t("business.metaTitle", { name: business.name, city: business.city })}</title>
      <meta name="description" content={description} />
      {loaderData.jsonLd && (
        <script
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped (scriptJson).
          dangerouslySetInnerHTML={{ __html: loaderData.jsonLd }}
        />
      )}
      {loaderData.confirmSave.confirm && (
        <ConfirmSave
          question={t("places.confirmSave", { name: business.name })}
          submitLabel={t("places.confirmSubmit")}
          auto={loaderData.confirmSave.auto}
        />
      )}
      <div className="relative">
        <img
          src={business.coverImage}
          alt={business.coverAlt ? altIn(business.coverAlt, locale) : ""}
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
        {loaderData.status !== "approved" && (
          <p className="mt-4 rounded-lg bg-amber-50 p-4 font-medium text-amber-900 ring-1 ring-amber-200">
            {t(`listingStatus.${loaderData.status}`)}
          </p>
        )}
        <header className="mt-4 flex flex-col gap-3">
          <p className="text-sm font-medium text-brand-800">
            {t(`categories.${business.category}`)} · {business.city}, {business.province}
          </p>
          <div className="flex items-start justify-between gap-4">
            <h1 className="text-3xl font-bold md:text-4xl">{business.name}</h1>
            <div className="flex shrink-0 gap-2">
              <ShareButton businessId={business.id} name={business.name} />
              <SaveButton businessId={business.id} name={business.name} saved={loaderData.saved} />
            </div>
          </div>
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
          <ClaimStatus businessId={business.id} owners={loaderData.owners} />
          <Link
            to={to(`/businesses/${business.id}/report`)}
            className="inline-flex items-center gap-1 self-start text-slate-700 underline hover:text-brand-800"
          >
            <Icon name="flag" className="size-4" />
            {t("community.reportBusiness")}
          </Link>
        </header>

        <ForSale>{business.promo && <Promotion promo={business.promo} />}</ForSale>

        <OpeningHoursSection business={business} />

        <ForSale>
          <section aria-labelledby="products" className="mt-12">
            <h2 id="products" className="text-2xl font-bold">
              {t("business.products")}
            </h2>
            <div className="mt-4">
              <ProductCarousel products={business.products} labelledBy="products" />
            </div>
          </section>
        </ForSale>

        <div className="mt-12 grid gap-12 lg:grid-cols-[2fr_1fr]">
          <Reviews
            businessId={business.id}
            rating={business.rating}
            reviewCount={business.reviewCount}
            reviews={loaderData.reviews}
            removedReviews={loaderData.removedReviews}
            sort={loaderData.sort}
            paged={loaderData.reviewsPaged}
            ownReview={loaderData.ownReview}
            signedIn={loaderData.signedIn}
            loginHref={loaderData.loginHref}
            action={result}
          />
          <Location business={business} phoneShown={loaderData.phoneShown} />
        </div>

        <Questions
          businessId={business.id}
          questions={loaderData.questions}
          paged={loaderData.questionsPaged}
          signedIn={loaderData.signedIn}
          loginHref={loaderData.loginHref}
          action={result}
        />
        <Photos business={business} />
      </div>
    </article>
  );
}

function OpeningHours({ business }: { business: BusinessDetail }) {
  const t = useT();
  return (
    <p className="flex flex-wrap items-center gap-2 text-slate-800">
      <Icon name="clock" className="size-5 text-slate-600" />
      <OpenStatus status={business.status} className="font-semibold" />
      <a href="#opening-hours" className="text-slate-700 underline hover:text-brand-800">
        {t("business.hours.heading")}
      </a>
    </p>
  );
}

/**
 * Back from logging in after pressing Save: one button saves it (a POST). When this browser's own
 * Save asked for it, the page's script presses it at once.
 */
/**
 * The address and a link to OpenStreetMap; the map itself only when the visitor asks for it, so
 * nothing leaves for another site before then, and a map server out of reach costs nothing but the
 * map (decision 0030). Without JavaScript the link is the map.
 */
function Location({
  business,
  phoneShown,
}: {
  business: BusinessDetail;
  /** The phone number as people here write it, formatted on the server (no phone library sent). */
  phoneShown: string | null;
}) {
  const t = useT();
  const to = useLocalizedPath();
  const hydrated = useHydrated();
  const [mapShown, setMapShown] = useState(false);
  // Shown as its host name; the link itself goes through the counting redirect (go.ts).
  const websiteHost = business.website ? URL.parse(business.website)?.hostname : undefined;
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
      {business.phone && phoneShown && (
        <p className="mt-3 flex gap-2 text-slate-800">
          <Icon name="phone" className="mt-0.5 size-5 shrink-0 text-slate-600" />
          <a
            href={to(statLinkHref(business.id, "phone"))}
            className="text-brand-700 hover:underline"
          >
            <span className="sr-only">{t("business.phone")} </span>
            {phoneShown}
          </a>
        </p>
      )}
      {websiteHost && (
        <p className="mt-3 flex gap-2 text-slate-800">
          <Icon name="arrowRight" className="mt-0.5 size-5 shrink-0 text-slate-600" />
          <a
            href={to(statLinkHref(business.id, "website"))}
            rel="nofollow"
            className="break-all text-brand-700 hover:underline"
          >
            <span className="sr-only">{t("business.website")} </span>
            {websiteHost}
          </a>
        </p>
      )}
      {mapShown ? (
        <iframe
          title={t("business.mapTitle", { name: business.name })}
          src={`https://www.openstreetmap.org/export/embed.html?bbox=${box}&layer=mapnik&marker=${lat},${lng}`}
          referrerPolicy="no-referrer"
          sandbox="allow-scripts allow-same-origin"
          className="mt-4 aspect-[4/3] w-full rounded-xl bg-slate-100 ring-1 ring-slate-200"
        />
      ) : (
        hydrated && (
          <div className="mt-4">
            <button type="button" onClick={() => setMapShown(true)} className={secondaryButton}>
              {t("business.showMap")}
            </button>
            <p className="mt-2 text-sm text-slate-600">{t("business.showMapHint")}</p>
          </div>
        )
      )}
      <a
        href={to(statLinkHref(business.id, "directions"))}
        target="_blank"
        rel="nofollow noopener noreferrer"
        className="mt-2 inline-block text-brand-700 hover:underline"
      >
        {t("business.openMap")}
      </a>
    </section>
  );
}

function Photos({ business }: { business: BusinessDetail }) {
  const t = useT();
  const locale = useLocale();
  // The owners' gallery first, in their order (issue 26), then what the listing shows elsewhere.
  // A child sees neither the promotion nor the products (ForSale): nor their pictures here.
  const forSale = useForSale();
  const photos = [
    ...business.gallery.map((photo) => ({ src: photo.image, alt: altIn(photo.alt, locale) })),
    {
      src: business.coverImage,
      alt: business.coverAlt ? altIn(business.coverAlt, locale) : business.name,
    },
    ...(forSale && business.promo
      ? [{ src: business.promo.image, alt: business.promo.title[locale] }]
      : []),
    ...(forSale ? business.products : []).map((product) => ({
      src: product.image,
      alt: product.imageAlt[locale],
    })),
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
