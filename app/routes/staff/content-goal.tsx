import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import type { FormOutcome } from "../../platform/api.ts";
import { saveContentPicture } from "../../platform/content-pictures.server.ts";
import { databaseContext, storageContext } from "../../platform/context.ts";
import { validate } from "../../platform/input.server.ts";
import { saveGoal, staffGoal } from "../../players/goal-edits.server.ts";
import { goalFormSchema } from "../../players/goal-form.ts";
import { requireStaff } from "../../staff/access.server.ts";
import {
  ContentEditPage,
  LanguageColumns,
  PictureField,
} from "../../staff/components/content-form.tsx";
import {
  CONTENT_ROLE,
  contentIdOf,
  contentSave,
  contentWrite,
} from "../../staff/content-write.server.ts";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { TextField } from "../../ui/text-field.tsx";
import type { Route } from "./+types/content-goal";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff({ request, context }, CONTENT_ROLE);
  const goal = await staffGoal(context.get(databaseContext), contentIdOf(params.id));
  return { goal };
}

export function action({ request, context, params }: Route.ActionArgs) {
  const id = contentIdOf(params.id);
  return contentSave({ request, context }, async ({ staff, raw }) => {
    const form = await validate(goalFormSchema, raw);
    const picture =
      form.picture && form.picture.size > 0
        ? await saveContentPicture(context.get(storageContext), form.picture, "goal")
        : undefined;
    await contentWrite(context, staff, (tx) => saveGoal(tx, id, form, picture));
    return `/staff/content/goals/${id}`;
  });
}

const FIELDS = ["name_en-CA", "name_fr-CA", "cost", "picture"];

export default function StaffGoal({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const locale = useLocale();
  const { goal } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "goal-problem", FIELDS);
  const value = (name: string, saved: string) => result?.sent?.[name] ?? saved;
  return (
    <ContentEditPage
      title={t("staff.content.goals.editTitle")}
      back={{ href: to("/staff/content/goals"), label: t("staff.content.goals.heading") }}
      heading={t("staff.content.goals.editHeading", { name: goal.name[locale] })}
      result={result}
      problem={problem}
      version={goal.version}
      multipart
    >
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
      <PictureField
        id="picture"
        label={t("staff.content.goals.picture")}
        current={{ src: goal.image, width: 160, height: 160, className: "aspect-square w-40" }}
        problem={problem}
      />
    </ContentEditPage>
  );
}
