import { data, Form } from "react-router";
import { callAuth, forwardCookies } from "../../auth/session.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { authContext, databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { requireStaffSettingUp } from "../../staff/access.server.ts";
import { twoFactorSetupSchema } from "../../staff/schemas.ts";
import { totpKeyOf, totpQrImage, twoFactorState } from "../../staff/two-factor.server.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { PageLink } from "../../ui/page-link.tsx";
import { TextField } from "../../ui/text-field.tsx";
import type { Route } from "./+types/two-factor";

/**
 * Staff turn on two-factor sign-in here before the console opens (decision 0046), the one console
 * page that opens without it: the password makes a key for the authenticator app, the app's first
 * code turns it on, and the recovery codes are shown once, in the answer to that code.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireStaffSettingUp({ request, context });
  return {
    state: await twoFactorState(context.get(databaseContext), actor.id),
  };
}

export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { actor, twoFactorEnabled } = await requireStaffSettingUp({ request, context });
  if (twoFactorEnabled) throw new AppError("conflict", { message: "staff.twoFactor.alreadyOn" });
  const form = await readInput(request, twoFactorSetupSchema);
  if (form.intent === "start") {
    const answer = await callAuth(request, context, "/two-factor/enable", {
      password: form.password,
    });
    if (!answer.ok) throw wrong("password", "staff.twoFactor.wrongPassword");
    const { totpURI } = (await answer.json()) as { totpURI: string };
    return { key: totpKeyOf(totpURI), uri: totpURI, qr: await totpQrImage(totpURI) };
  }
  const answer = await callAuth(request, context, "/two-factor/verify-totp", { code: form.code });
  if (!answer.ok) throw wrong("code", "staff.twoFactor.wrongCode");
  // Better Auth made the recovery codes with the key; they are read back only in this answer.
  const { backupCodes } = await context
    .get(authContext)
    .api.viewBackupCodes({ body: { userId: actor.id } });
  // Turning it on replaced the session (Better Auth's new cookie goes to the browser).
  return data({ recoveryCodes: backupCodes }, { headers: forwardCookies(answer) });
});

function wrong(
  field: "password" | "code",
  message: "staff.twoFactor.wrongPassword" | "staff.twoFactor.wrongCode",
) {
  return new AppError("unauthorized", { message, problems: [{ field, message }] });
}

const FIELDS = ["password", "code"] as const;

export default function StaffTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "two-factor-problem", FIELDS);
  const { state } = loaderData;
  const recoveryCodes = result && "recoveryCodes" in result ? result.recoveryCodes : undefined;
  const newKey = result && "key" in result ? result : undefined;
  const box = "mt-6 rounded-xl p-4 ring-1 ring-slate-200 sm:p-6";
  return (
    <section className="max-w-2xl">
      <title>{t("staff.twoFactor.metaTitle")}</title>
      <h1 className="text-2xl font-bold">{t("staff.twoFactor.heading")}</h1>
      {state === "on" ? (
        <>
          <p role="status" className="mt-4 rounded-lg bg-green-50 p-4 font-medium text-green-900">
            {t("staff.twoFactor.done")}
          </p>
          {recoveryCodes && (
            <div className={box}>
              <h2 className="text-xl font-bold">{t("staff.twoFactor.recoveryHeading")}</h2>
              <p className="mt-2">{t("staff.twoFactor.recoveryOnce")}</p>
              <ul
                aria-label={t("staff.twoFactor.recoveryHeading")}
                className="mt-4 grid grid-cols-2 gap-2 font-mono text-lg"
              >
                {recoveryCodes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ul>
            </div>
          )}
          <p className="mt-6">
            <PageLink to={to("/staff")} className={primaryButton}>
              {t("staff.twoFactor.toQueue")}
            </PageLink>
          </p>
        </>
      ) : (
        <>
          <p className="mt-4">{t("staff.twoFactor.why")}</p>
          {problem.alert}
          {state === "pending" && (
            <div className={box}>
              {newKey ? (
                <>
                  <p>{t("staff.twoFactor.scan")}</p>
                  <img
                    src={newKey.qr}
                    alt={t("staff.twoFactor.qr")}
                    width={192}
                    height={192}
                    className="mt-4 bg-white"
                  />
                  <dl className="mt-4 grid gap-2">
                    <dt className="font-semibold">{t("staff.twoFactor.key")}</dt>
                    <dd className="font-mono text-lg break-all" data-testid="totp-key">
                      {newKey.key}
                    </dd>
                    <dt className="font-semibold">{t("staff.twoFactor.uri")}</dt>
                    <dd className="font-mono text-sm break-all">{newKey.uri}</dd>
                  </dl>
                </>
              ) : (
                <p>{t("staff.twoFactor.pending")}</p>
              )}
              <Form
                method="post"
                className="mt-4 flex flex-col gap-4"
                noValidate
                ref={problem.form}
              >
                <input type="hidden" name="intent" value="confirm" />
                <TextField
                  id="two-factor-code"
                  name="code"
                  label={t("staff.twoFactor.code")}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  required
                  {...problem.field("code")}
                  problem={problem.message("code")}
                />
                <button type="submit" className={`${primaryButton} self-start`}>
                  {t("staff.twoFactor.confirm")}
                </button>
              </Form>
            </div>
          )}
          <Form method="post" className={`${box} flex flex-col gap-4`} noValidate>
            <input type="hidden" name="intent" value="start" />
            <TextField
              id="two-factor-password"
              name="password"
              type="password"
              label={t("staff.twoFactor.password")}
              autoComplete="current-password"
              required
              {...problem.field("password")}
              problem={problem.message("password")}
            />
            <button type="submit" className={`${primaryButton} self-start`}>
              {t(state === "pending" ? "staff.twoFactor.restart" : "staff.twoFactor.start")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
