import { useRef } from "react";
import { Form, Link, redirect, useSearchParams } from "react-router";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formFailure, sentTextFields } from "../../platform/api.ts";
import { saveContentPicture } from "../../platform/content-pictures.server.ts";
import { databaseContext, storageContext } from "../../platform/context.ts";
import { isAppError } from "../../platform/errors.ts";
import { readRaw, validate } from "../../platform/input.server.ts";
import { saveGoal, staffGoal } from "../../players/goal-edits.server.ts";
import { goalFormSchema } from "../../players/goal-form.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { LanguageColumns, SavedNotice } from "../../staff/components/content-form.tsx";
import { CONTENT_ROLE, contentIdOf, contentWrite } from "../../staff/content-write.server.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { FilePicker } from "../../ui/file-picker.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { TextField } from "../../ui/text-field.tsx";
import type { Route } from "./+types/content-goal";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff({ request, context }, CONTENT_ROLE);
  const goal = await staffGoal(context.get(databaseContext), contentIdOf(params.id));
  return { goal, messages: pageMessages(request, "staff") };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff({ request, context }, CONTENT_ROLE);
  const id = contentIdOf(params.id);
  const raw = await readRaw(request);
  const sent = sentTextFields(raw);
  try {
    const form = await validate(goalFormSchema, raw);
    const picture =
      form.picture && form.picture.size > 0
        ? await saveContentPicture(context.get(storageContext), form.picture, "goal")
        : undefined;
    await contentWrite(context, staff, (tx) => saveGoal(tx, id, form, picture));
    const locale = localeFromPath(new URL(request.url).pathname);
    return redirect(localizedPath(`/staff/content/goals/${id}?saved=1`, locale));
  } catch (error) {
    if (!isAppError(error)) throw error;
    return formFailure(error, { sent });
  }
}

const FIELDS = ["name_en-CA", "name_fr-CA", "cost", "picture"];

export default function StaffGoal({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const locale = useLocale();
  const [search] = useSearchParams();
  const pictureInput = useRef<HTMLInputElement>(null);
  const { goal } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "goal-problem", FIELDS);
  const value = (name: string, saved: string) => result?.sent?.[name] ?? saved;
  return (
    <section>
      <title>{t("staff.content.goals.editTitle")}</title>
      <p>
        <Link to={to("/staff/content/goals")} className="text-brand-800 underline">
          {t("staff.content.goals.heading")}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold break-words">
        {t("staff.content.goals.editHeading", { name: goal.name[locale] })}
      </h1>
      {search.has("saved") && !result && <SavedNotice />}
      <Form
        method="post"
        encType="multipart/form-data"
        ref={problem.form}
        className="mt-6 flex flex-col gap-6"
        noValidate
      >
        {problem.alert}
        <input type="hidden" name="version" value={goal.version} />
        <LanguageColumns
          render={(locale) => (
            <TextField
              id={`name-${locale}`}
              name={`name_${locale}`}
              label={t("staff.content.goals.name")}
              defaultValue={value(`name_${locale}`, goal.name[locale])}
              maxLength={80}
              {...problem.field(`name_${locale}`)}
              problem={problem.message(`name_${locale}`)}
            />
          )}
        />
        <TextField
          id="cost"
          name="cost"
          inputMode="numeric"
          label={t("staff.content.goals.cost")}
          defaultValue={value("cost", String(goal.cost))}
          className="max-w-xs"
          {...problem.field("cost")}
          problem={problem.message("cost")}
        />
        <div className="flex flex-col gap-2">
          <label htmlFor="picture" className="font-medium text-slate-800">
            {t("staff.content.goals.picture")}
          </label>
          <img
            src={goal.image}
            alt={t("staff.content.currentPicture")}
            width="160"
            height="160"
            className="aspect-square w-40 rounded-lg bg-brand-50 object-cover"
          />
          <FilePicker
            id="picture"
            name="picture"
            inputRef={pictureInput}
            accept="image/jpeg,image/png,image/webp"
            aria-describedby="picture-hint"
            {...problem.field("picture")}
          />
          <p id="picture-hint" className="text-sm text-slate-600">
            {t("staff.content.pictureHint")}
          </p>
          {problem.message("picture")}
        </div>
        <div>
          <button type="submit" className={primaryButton}>
            {t("staff.content.save")}
          </button>
        </div>
      </Form>
      {result?.problem?.code === "already_handled" && (
        <p className="mt-2 text-sm text-slate-700">{t("staff.content.anotherSaved")}</p>
      )}
    </section>
  );
}
