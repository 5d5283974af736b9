import { useEffect, useRef } from "react";
import { Form, redirect, useNavigation, useSearchParams } from "react-router";
import {
  addPicture,
  coverOf,
  galleryOf,
  movePicture,
  removePicture,
  updateCover,
  updatePictureAlt,
} from "../../../directory/gallery.server.ts";
import {
  ALT_MAX,
  altIn,
  altOf,
  GALLERY_MAX,
  pictureFormSchema,
} from "../../../directory/gallery.ts";
import { listingWrite } from "../../../directory/listing-edits.server.ts";
import { manageHref } from "../../../directory/manage-nav.ts";
import type { LocalizedText } from "../../../i18n/locale.ts";
import { localeFromPath, localizedPath } from "../../../i18n/locale.ts";
import { pageMessages } from "../../../i18n/messages.server.ts";
import { useLocale } from "../../../i18n/use-locale.ts";
import { useT } from "../../../i18n/use-t.ts";
import {
  type FormOutcome,
  type FormProblem,
  formFailure,
  sentTextFields,
} from "../../../platform/api.ts";
import { saveContentPicture } from "../../../platform/content-pictures.server.ts";
import { databaseContext, storageContext } from "../../../platform/context.ts";
import { isAppError } from "../../../platform/errors.ts";
import { readRaw, validate } from "../../../platform/input.server.ts";
import { primaryButton, secondaryButton } from "../../../ui/button-link.tsx";
import { FilePicker } from "../../../ui/file-picker.tsx";
import { useFormProblem } from "../../../ui/form-problem.tsx";
import { TextField } from "../../../ui/text-field.tsx";
import type { Route } from "./+types/pictures";
import { managerOfRequest } from "./manager.server.ts";

/**
 * The listing's cover and gallery (issue 26): the cover replaced, pictures added, described,
 * moved up or down and removed, each by a plain form post, so all of it works by keyboard and
 * without JavaScript.
 */
export async function loader(args: Route.LoaderArgs) {
  const manager = await managerOfRequest(args);
  const db = args.context.get(databaseContext);
  return {
    cover: await coverOf(db, manager.businessId),
    gallery: await galleryOf(db, manager.businessId),
    messages: pageMessages(args.request, "manage"),
  };
}

/** What a form that worked says on the page it comes back to. */
type Done = "cover" | "added" | "alt" | "moved" | "removed";

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const manager = await managerOfRequest(args);
  const raw = await readRaw(request);
  const sent = sentTextFields(raw);
  // Which of the page's forms was sent, so a refusal shows beside that one.
  const which = `${sent.intent ?? ""}:${sent.id ?? ""}`;
  const storage = context.get(storageContext);
  const write = <T,>(change: Parameters<typeof listingWrite<T>>[2]) =>
    listingWrite(context, manager, change);
  let done: Done;
  let picture: number | undefined;
  try {
    const form = await validate(pictureFormSchema, raw);
    switch (form.intent) {
      case "cover": {
        const file = await saveContentPicture(storage, form.picture, "business");
        await write((tx) => updateCover(tx, manager, file, altOf(form)));
        done = "cover";
        break;
      }
      case "add": {
        const file = await saveContentPicture(storage, form.picture, "business");
        picture = (await write((tx) => addPicture(tx, manager, file, altOf(form)))).id;
        done = "added";
        break;
      }
      case "alt":
        await write((tx) => updatePictureAlt(tx, manager, form.id, altOf(form)));
        [done, picture] = ["alt", form.id];
        break;
      case "up":
      case "down":
        await write((tx) => movePicture(tx, manager, form.id, form.position, form.intent));
        [done, picture] = ["moved", form.id];
        break;
      case "remove":
        await write((tx) => removePicture(tx, manager, form.id, form.position));
        done = "removed";
        break;
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    return formFailure(error, { which, sent });
  }
  const locale = localeFromPath(new URL(request.url).pathname);
  const query = new URLSearchParams({ done });
  if (picture !== undefined) query.set("picture", String(picture));
  // The fragment brings the page back to the picture acted on, without JavaScript too.
  const fragment = picture !== undefined ? `#picture-${picture}` : "";
  return redirect(
    `${localizedPath(manageHref(manager.businessId, "pictures"), locale)}?${query}${fragment}`,
  );
}

const ALT_FIELDS = ["alt_en-CA", "alt_fr-CA"] as const;

function AltFields({
  idPrefix,
  saved,
  sent,
  problem,
}: {
  idPrefix: string;
  saved?: LocalizedText | null;
  sent?: Record<string, string>;
  problem: ReturnType<typeof useFormProblem>;
}) {
  const t = useT();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="sr-only">{t("manage.pictures.altHint")}</legend>
      <p id={`${idPrefix}-alt-hint`} className="text-sm text-slate-600">
        {t("manage.pictures.altHint")}
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        {ALT_FIELDS.map((name) => {
          const locale = name === "alt_en-CA" ? "en-CA" : "fr-CA";
          return (
            <TextField
              key={name}
              id={`${idPrefix}-${name}`}
              name={name}
              lang={locale.slice(0, 2)}
              label={t(locale === "en-CA" ? "manage.pictures.altEn" : "manage.pictures.altFr")}
              maxLength={ALT_MAX}
              aria-describedby={`${idPrefix}-alt-hint`}
              defaultValue={sent?.[name] ?? saved?.[locale] ?? ""}
              {...problem.field(name)}
              problem={problem.message(name)}
            />
          );
        })}
      </div>
    </fieldset>
  );
}

/** A form of the page that takes a picture file and its description: the cover, or a new one. */
function UploadForm({
  intent,
  idPrefix,
  saved,
  submit,
  result,
}: {
  intent: "cover" | "add";
  idPrefix: string;
  saved?: LocalizedText | null;
  submit: string;
  result: { which?: string; sent?: Record<string, string>; problem?: FormProblem } | undefined;
}) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const input = useRef<HTMLInputElement>(null);
  const mine = result?.which === `${intent}:`;
  const problem = useFormProblem(mine ? result?.problem : undefined, `${idPrefix}-problem`, [
    "picture",
    ...ALT_FIELDS,
  ]);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      ref={problem.form}
      noValidate
      className="mt-4 flex flex-col gap-4"
    >
      {problem.alert}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${idPrefix}-file`} className="font-medium text-slate-800">
          {t("manage.pictures.file")}
        </label>
        <FilePicker
          id={`${idPrefix}-file`}
          inputRef={input}
          name="picture"
          accept="image/jpeg,image/png,image/webp"
          required
          {...problem.field("picture")}
        />
        {problem.message("picture")}
      </div>
      <AltFields
        idPrefix={idPrefix}
        saved={saved}
        sent={mine ? result?.sent : undefined}
        problem={problem}
      />
      <div>
        <button
          type="submit"
          name="intent"
          value={intent}
          disabled={busy}
          className={primaryButton}
        >
          {submit}
        </button>
      </div>
    </Form>
  );
}

type Picture = Route.ComponentProps["loaderData"]["gallery"][number];

function GalleryItem({
  picture,
  count,
  result,
  focused,
}: {
  picture: Picture;
  count: number;
  result: { which?: string; sent?: Record<string, string>; problem?: FormProblem } | undefined;
  focused: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const busy = useNavigation().state === "submitting";
  const heading = useRef<HTMLHeadingElement>(null);
  const mine = result?.which?.endsWith(`:${picture.id}`) ?? false;
  const altMine = mine && result?.which === `alt:${picture.id}`;
  const problem = useFormProblem(
    mine ? result?.problem : undefined,
    `picture-${picture.id}-problem`,
    [...ALT_FIELDS],
  );
  // After a move, the moved picture keeps the keyboard's place: its heading takes the focus, so
  // the next Tab reaches its buttons again.
  useEffect(() => {
    if (focused) heading.current?.focus();
  }, [focused]);
  const position = { position: picture.position, count };
  // Each button names its picture: a list of "Move up" and "Remove" alone would not say which.
  const actions = [
    { intent: "up", label: t("manage.pictures.gallery.up"), shown: picture.position > 1 },
    { intent: "down", label: t("manage.pictures.gallery.down"), shown: picture.position < count },
    { intent: "remove", label: t("manage.pictures.gallery.remove"), shown: true },
  ] as const;
  return (
    <li id={`picture-${picture.id}`} className="scroll-mt-20 rounded-xl p-4 ring-1 ring-slate-200">
      <div className="flex flex-col gap-4 md:flex-row">
        <img
          src={picture.file}
          alt={altIn(picture.alt, locale)}
          width="240"
          height="180"
          loading="lazy"
          className="aspect-[4/3] w-full self-start rounded-lg bg-slate-50 object-cover md:w-60"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <h4 ref={heading} tabIndex={-1} className="font-semibold">
            {t("manage.pictures.gallery.position", position)}
          </h4>
          {problem.alert}
          <Form method="post" ref={problem.form} noValidate className="flex flex-col gap-3">
            <input type="hidden" name="id" value={picture.id} />
            <AltFields
              idPrefix={`picture-${picture.id}`}
              saved={picture.alt}
              sent={altMine ? result?.sent : undefined}
              problem={problem}
            />
            <div>
              <button
                type="submit"
                name="intent"
                value="alt"
                disabled={busy}
                className={secondaryButton}
              >
                {t("manage.pictures.gallery.saveAlt")}
              </button>
            </div>
          </Form>
          <Form method="post" className="flex flex-wrap gap-2">
            <input type="hidden" name="id" value={picture.id} />
            <input type="hidden" name="position" value={picture.position} />
            {actions.map(
              (action) =>
                action.shown && (
                  <button
                    key={action.intent}
                    type="submit"
                    name="intent"
                    value={action.intent}
                    disabled={busy}
                    aria-label={t("manage.pictures.gallery.actionLabel", {
                      action: action.label,
                      position: picture.position,
                    })}
                    className={secondaryButton}
                  >
                    {action.label}
                  </button>
                ),
            )}
          </Form>
        </div>
      </div>
    </li>
  );
}

export default function ManagePictures({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const [search] = useSearchParams();
  const { cover, gallery } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const done = result ? null : search.get("done");
  const acted = Number(search.get("picture"));
  const moved = gallery.find((picture) => picture.id === acted);
  const notices: Record<string, string> = {
    cover: t("manage.pictures.cover.saved"),
    added: t("manage.pictures.gallery.added"),
    alt: t("manage.pictures.gallery.altSaved"),
    moved: t("manage.pictures.gallery.moved", { position: moved?.position ?? "" }),
    removed: t("manage.pictures.gallery.removed"),
  };
  const notice = done ? notices[done] : undefined;
  const full = gallery.length >= GALLERY_MAX;
  // A refusal about a form the page no longer shows (a picture a co-owner removed, the add form
  // of a gallery that filled up meanwhile) is said at the top.
  const which = result?.which ?? "";
  const placed =
    which === "cover:" ||
    (which === "add:" && !full) ||
    gallery.some((picture) => which.endsWith(`:${picture.id}`));
  const elsewhere = useFormProblem(placed ? undefined : result?.problem, "pictures-problem", []);
  return (
    <div className="flex flex-col gap-8">
      <title>{t("manage.pictures.heading")}</title>
      <div>
        <h2 className="text-xl font-bold">{t("manage.pictures.heading")}</h2>
        <p className="mt-1 text-slate-700">{t("manage.pictures.intro", { max: GALLERY_MAX })}</p>
        {elsewhere.alert && <div className="mt-4">{elsewhere.alert}</div>}
        {notice && (
          <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 font-medium text-green-800">
            {notice}
          </p>
        )}
      </div>
      <section aria-labelledby="cover-heading">
        <h3 id="cover-heading" className="text-lg font-bold">
          {t("manage.pictures.cover.heading")}
        </h3>
        {cover.alt ? (
          <figure className="mt-3">
            <img
              src={cover.file}
              alt={altIn(cover.alt, locale)}
              width="400"
              height="300"
              className="aspect-[4/3] w-full max-w-sm rounded-lg bg-slate-50 object-cover"
            />
            <figcaption className="mt-1 text-sm text-slate-700">
              {t("manage.pictures.cover.current")}
            </figcaption>
          </figure>
        ) : (
          <p className="mt-1 text-slate-700">{t("manage.pictures.cover.none")}</p>
        )}
        {/* A new key once saved: the form empties for the next picture. */}
        <UploadForm
          key={cover.file}
          intent="cover"
          idPrefix="cover"
          saved={cover.alt}
          submit={t("manage.pictures.cover.save")}
          result={result}
        />
      </section>
      <section aria-labelledby="gallery-heading">
        <h3 id="gallery-heading" className="text-lg font-bold">
          {t("manage.pictures.gallery.heading")}
        </h3>
        <p className="mt-1 text-slate-700">
          {t("manage.pictures.gallery.count", { count: gallery.length, max: GALLERY_MAX })}
        </p>
        {gallery.length === 0 ? (
          <p className="mt-3 text-slate-700">{t("manage.pictures.gallery.empty")}</p>
        ) : (
          <ol className="mt-4 flex flex-col gap-4">
            {gallery.map((picture) => (
              <GalleryItem
                key={picture.id}
                picture={picture}
                count={gallery.length}
                result={result}
                focused={done === "moved" && picture.id === acted}
              />
            ))}
          </ol>
        )}
        <h4 className="mt-6 font-semibold">{t("manage.pictures.gallery.addHeading")}</h4>
        {full ? (
          <p className="mt-2 text-slate-700">{t("manage.pictures.gallery.full")}</p>
        ) : (
          <UploadForm
            key={gallery.length}
            intent="add"
            idPrefix="add"
            submit={t("manage.pictures.gallery.add")}
            result={result}
          />
        )}
      </section>
    </div>
  );
}
