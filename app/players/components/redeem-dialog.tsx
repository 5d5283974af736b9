import { Form, Link, useNavigate, useNavigation } from "react-router";
import { formatNumber } from "../../i18n/format.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import type { FormProblem } from "../../platform/api.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { EmailField, PhoneField, TextField } from "../../ui/text-field.tsx";
import { usePageDialog } from "../../ui/use-page-dialog.ts";

type RedeemValues = Partial<Record<string, string>>;

/** The id of a goal's Redeem link, where the focus goes back when its dialog closes. */
export const goalButtonId = (slug: string) => `goal-${slug}`;

const REDEEM_FIELDS = ["name", "email", "phone", "agree"] as const;

/**
 * The redeem request form, shown while the address has `?goal=`. With JavaScript it is a modal
 * dialog (Escape or Cancel close it, and the focus goes back to the goal's button); without, the
 * same form sits in the page. The idempotency key comes with the page: sending the form twice
 * makes one request.
 */
export function RedeemDialog({
  goal,
  idempotencyKey,
  defaults,
  problem,
  values = {},
}: {
  goal: { slug: string; name: string; cost: number };
  idempotencyKey: string;
  defaults: { name: string; email: string };
  problem?: FormProblem;
  values?: RedeemValues;
}) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const busy = useNavigation().state === "submitting";
  const dialog = usePageDialog(goalButtonId(goal.slug));

  const closed = to("/redeem");
  const { form, field, message, alert } = useFormProblem(problem, "redeem-problem", REDEEM_FIELDS);
  const rules = t("redeem.form.rules", { returnObjects: true }) as unknown as string[];

  return (
    <dialog
      ref={dialog}
      open
      id="redeem-dialog"
      aria-labelledby="redeem-title"
      onClose={() => navigate(closed, { replace: true, preventScrollReset: true })}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100%-2rem))] overflow-y-auto rounded-2xl p-6 shadow-xl backdrop:bg-slate-900/50 [&:not(:modal)]:static [&:not(:modal)]:my-10"
    >
      <h2 id="redeem-title" className="text-2xl font-bold">
        {t("redeem.form.title", { name: goal.name })}
      </h2>
      <p className="mt-2 text-slate-700">
        {t("redeem.form.intro", { points: formatNumber(goal.cost, locale) })}
      </p>
      <Form
        method="post"
        action={`${closed}?goal=${encodeURIComponent(goal.slug)}`}
        preventScrollReset
        className="mt-4 flex flex-col gap-4"
        noValidate
        ref={form}
      >
        {alert}
        <input type="hidden" name="goal" value={goal.slug} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <TextField
          id="redeem-name"
          name="name"
          label={t("redeem.form.name")}
          autoComplete="name"
          defaultValue={values.name ?? defaults.name}
          maxLength={100}
          required
          {...field("name")}
          problem={message("name")}
        />
        <EmailField
          id="redeem-email"
          name="email"
          label={t("redeem.form.email")}
          defaultValue={values.email ?? defaults.email}
          {...field("email")}
          problem={message("email")}
        />
        <PhoneField
          id="redeem-phone"
          name="phone"
          label={t("redeem.form.phone")}
          hint={t("redeem.form.phoneHint")}
          defaultValue={values.phone}
          {...field("phone")}
          problem={message("phone")}
        />
        <section aria-labelledby="redeem-rules" className="rounded-lg bg-slate-50 p-4 text-sm">
          <h3 id="redeem-rules" className="font-semibold">
            {t("redeem.form.rulesTitle")}
          </h3>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </section>
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            name="agree"
            className="mt-1 size-4"
            defaultChecked={values.agree === "on"}
            {...field("agree")}
          />
          {t("redeem.form.agree")}
        </label>
        {message("agree")}
        <div className="mt-2 flex flex-wrap justify-end gap-3">
          <Link
            to={closed}
            replace
            preventScrollReset
            className="rounded-lg px-6 py-3 font-semibold ring-1 ring-slate-300"
          >
            {t("redeem.form.cancel")}
          </Link>
          <button type="submit" disabled={busy} className={`${primaryButton} disabled:opacity-70`}>
            {busy ? t("redeem.form.sending") : t("redeem.form.submit")}
          </button>
        </div>
      </Form>
    </dialog>
  );
}
