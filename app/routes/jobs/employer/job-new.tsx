import { redirect } from "react-router";
import { localeFromPath, localizedPath } from "../../../i18n/locale.ts";
import { pageMessages } from "../../../i18n/messages.server.ts";
import { useT } from "../../../i18n/use-t.ts";
import { PostingForm } from "../../../jobs/components/posting-form.tsx";
import { employerHref } from "../../../jobs/employer-nav.ts";
import { postingFormSchema } from "../../../jobs/posting-schema.ts";
import { createPosting } from "../../../jobs/postings.server.ts";
import {
  type FormOutcome,
  formAction,
  formFailure,
  sentTextFields,
} from "../../../platform/api.ts";
import { databaseContext } from "../../../platform/context.ts";
import { isAppError } from "../../../platform/errors.ts";
import { readRaw, validate } from "../../../platform/input.server.ts";
import type { Route } from "./+types/job-new";
import { employerActorOf } from "./actor.server.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const _db = context.get(databaseContext);
  await employerActorOf({ request, params, context });
  // The rules' messages (pay range, Ontario) are the job board's.
  return { messages: pageMessages(request, "jobs") };
}

/** Saves a new posting as a draft and opens its preview; a refused one comes back as typed. */
export const action = formAction(async ({ request, params, context }: Route.ActionArgs) => {
  const db = context.get(databaseContext);
  const actor = await employerActorOf({ request, params, context });
  const raw = await readRaw(request);
  try {
    const id = await createPosting(db, actor, await validate(postingFormSchema, raw));
    const locale = localeFromPath(new URL(request.url).pathname);
    return redirect(`${localizedPath(employerHref(actor.employerId, `jobs/${id}`), locale)}?saved`);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return formFailure(error, {
      values: sentTextFields(raw),
      problems: error.options.problems ?? [],
    });
  }
});

export default function NewPosting({ actionData }: Route.ComponentProps) {
  const t = useT();
  const result: FormOutcome<typeof actionData> = actionData;
  return (
    <section aria-labelledby="new-heading">
      <title>{t("employer.jobs.newHeading")}</title>
      <h2 id="new-heading" className="mb-4 text-xl font-bold">
        {t("employer.jobs.newHeading")}
      </h2>
      <PostingForm
        values={result?.values ?? {}}
        problem={result?.problem}
        problems={result?.problems}
      />
    </section>
  );
}
