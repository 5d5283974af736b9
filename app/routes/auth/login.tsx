import { useEffect, useState } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useNavigate,
  useNavigation,
} from "react-router";
import { AUTH_SUSPENDED } from "../../auth/auth.server.ts";
import { assertPasswordNotCommon } from "../../auth/passwords.server.ts";
import {
  authFailure,
  callAuth,
  forwardCookies,
  requireVisitor,
} from "../../auth/session.server.ts";
import { type LoginPageForm, loginPageSchema, safeRedirect } from "../../auth/validation.ts";
import {
  LOCALES,
  type Locale,
  localeFromPath,
  localizedPath,
  unlocalizedPath,
} from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { authContext, moderationReplyToContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { needsConsent } from "../../players/identity.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { TextField } from "../../ui/text-field.tsx";
import type { Route } from "./+types/login";

/** SPEC.md section 9: the login message shows this long before the page moves on. */
export const LOGIN_REDIRECT_DELAY_MS = 1600;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireVisitor(request, context);
  return {
    mode:
      unlocalizedPath(url.pathname) === "/register" ? ("register" as const) : ("login" as const),
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
    google: googleConfigured(context),
    // Google's way back with a banned player's account (auth.server.ts refused the session).
    suspended:
      url.searchParams.get("error") === AUTH_SUSPENDED
        ? { address: context.get(moderationReplyToContext) }
        : null,
    messages: pageMessages(request, "auth"),
  };
}

/**
 * After signing in, this page shows 'Login successful.' for 1.6 s before going on; reloading its
 * loader now would find the new session and leave at once.
 */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? false : defaultShouldRevalidate;
}

/** Sign in, sign up, or go to Google: each form checked by its own schema, then Better Auth. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const form = await readInput(request, loginPageSchema);
  const locale = localeFromPath(new URL(request.url).pathname);
  const home = localizedPath("/", locale);
  const next = safeRedirect(form.redirectTo, home);
  switch (form.intent) {
    case "google":
      return goToGoogle(request, context, next, locale);
    case "register":
      return register(request, context, form, locale);
    case "login":
      return signIn(request, context, form, next);
  }
});

type AuthArgs = [request: Request, context: Route.ActionArgs["context"]];

async function goToGoogle(...[request, context, next, locale]: [...AuthArgs, string, Locale]) {
  if (!googleConfigured(context))
    throw new AppError("not_found", { message: "auth.problems.googleUnavailable" });
  const answer = await callAuth(request, context, "/sign-in/social", {
    provider: "google",
    callbackURL: next,
    errorCallbackURL: localizedPath("/login", locale),
  });
  const { url } = (await answer.json().catch(() => ({}))) as { url?: string };
  if (!answer.ok || !url) throw authFailure(answer.status, "auth.problems.loginFailed");
  throw redirect(url, { headers: forwardCookies(answer) });
}

/**
 * The same answer for a new and a known address (the e-mail tells the owner which); nobody is
 * signed in before following the link in it.
 */
async function register(
  ...[request, context, form, locale]: [
    ...AuthArgs,
    Extract<LoginPageForm, { intent: "register" }>,
    Locale,
  ]
) {
  await assertPasswordNotCommon(form.password);
  const answer = await callAuth(request, context, "/sign-up/email", {
    name: form.name,
    email: form.email,
    password: form.password,
    age: form.age,
    parentEmail: form.parentEmail,
    locale,
    callbackURL: `${localizedPath("/", locale)}?notice=email-verified`,
  });
  if (!answer.ok) throw authFailure(answer.status, "auth.problems.signUpFailed");
  return { registered: form.email };
}

async function signIn(
  ...[request, context, form, next]: [
    ...AuthArgs,
    Extract<LoginPageForm, { intent: "login" }>,
    string,
  ]
) {
  const answer = await callAuth(request, context, "/sign-in/email", {
    email: form.email,
    password: form.password,
  });
  if (answer.status === 401 || answer.status === 400)
    throw new AppError("unauthorized", { message: "auth.problems.loginMismatch" });
  if (answer.status === 403) throw await refusal(answer);
  if (!answer.ok) throw authFailure(answer.status, "auth.problems.loginFailed", answer.headers);
  const { user, twoFactorRedirect } = (await answer.json()) as {
    user?: { locale?: string };
    twoFactorRedirect?: boolean;
  };
  // Two-factor on (staff): no session yet, only a short-lived cookie for the code's step.
  if (twoFactorRedirect) {
    const step = localizedPath("/login/two-factor", localeFromPath(next));
    throw redirect(`${step}?${new URLSearchParams({ redirectTo: next })}`, {
      headers: forwardCookies(answer),
    });
  }
  // The site speaks the language the player chose in their settings from now on.
  const language = LOCALES.find((known) => known === user?.locale) ?? localeFromPath(next);
  return data(
    { signedIn: localizedPath(unlocalizedPath(next), language) },
    { headers: forwardCookies(answer) },
  );
}

/** Better Auth's 403 to a sign-in: the account is suspended, or its address not confirmed yet. */
async function refusal(answer: Response): Promise<AppError> {
  const body = (await answer.json().catch(() => ({}))) as { code?: string; appealTo?: string };
  return body.code === AUTH_SUSPENDED
    ? new AppError("forbidden", {
        message: "auth.problems.suspended",
        values: { address: body.appealTo ?? "" },
      })
    : new AppError("forbidden", { message: "auth.problems.emailNotVerified" });
}

function googleConfigured(context: Route.LoaderArgs["context"]): boolean {
  const plugins = context.get(authContext).options.plugins ?? [];
  return plugins.some((plugin: { id: string }) => plugin.id === "generic-oauth");
}

const AUTH_FIELDS = ["name", "email", "age", "parentEmail", "password", "confirmPassword"] as const;

/** A field of the card, labelled from auth.fields.<name>, with the form's problem about it. */
function Field({
  name,
  problem,
  ...input
}: {
  name: (typeof AUTH_FIELDS)[number];
  problem: ReturnType<typeof useFormProblem>;
  hint?: string;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const t = useT();
  return (
    <TextField
      id={`auth-${name}`}
      name={name}
      label={t(`auth.fields.${name}`)}
      required
      {...input}
      {...problem.field(name)}
      problem={problem.message(name)}
    />
  );
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const { mode, redirectTo, google, suspended } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const signedIn = result?.signedIn;

  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => navigate(signedIn), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn, navigate]);

  const other = mode === "login" ? "register" : "login";
  const problem = useFormProblem(result?.problem, "auth-problem", AUTH_FIELDS);
  // Under 14 a parent's address is asked (decision 0064): shown as the age is typed, and, without
  // JavaScript, once the server asked for it beside the field.
  const [age, setAge] = useState<number | null>(null);
  const asksParent = needsConsent(age) || result?.problem?.field === "parentEmail";
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <title>{t(`auth.${mode}.metaTitle`)}</title>
      <meta name="description" content={t("site.description")} />
      <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-3xl font-bold text-brand-900">{t(`auth.${mode}.title`)}</h1>
        {signedIn ? (
          <div role="status" className="mt-6 rounded-lg bg-green-50 p-4 font-medium text-green-900">
            {t("auth.login.success")}{" "}
            <Link to={signedIn} className="underline">
              {t("auth.login.continue")}
            </Link>
          </div>
        ) : result?.registered ? (
          <p role="status" className="mt-6 rounded-lg bg-green-50 p-4 font-medium text-green-900">
            {t("auth.register.checkEmail", { email: result.registered })}
          </p>
        ) : (
          <Form method="post" className="mt-6 flex flex-col gap-4" noValidate ref={problem.form}>
            <input type="hidden" name="intent" value={mode} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            {suspended && !result?.problem && (
              <p role="alert" className="rounded-lg bg-red-50 p-4 font-medium text-red-900">
                {t("auth.problems.suspended", suspended)}
              </p>
            )}
            {problem.alert}
            {mode === "register" && <Field name="name" autoComplete="username" problem={problem} />}
            <Field name="email" type="email" autoComplete="email" problem={problem} />
            {mode === "register" && (
              <Field
                name="age"
                type="number"
                inputMode="numeric"
                min={4}
                max={120}
                problem={problem}
                onChange={(event) =>
                  setAge(event.target.value === "" ? null : Number(event.target.value))
                }
              />
            )}
            {mode === "register" && asksParent && (
              <Field
                name="parentEmail"
                type="email"
                autoComplete="off"
                hint={t("auth.fields.parentEmailHint")}
                problem={problem}
              />
            )}
            <Field
              problem={problem}
              name="password"
              type="password"
              autoComplete={mode === "login" ? "current-password" : "new-password"}
              hint={mode === "register" ? t("auth.fields.passwordHint") : undefined}
            />
            {mode === "register" && (
              <Field
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                problem={problem}
              />
            )}
            <button
              type="submit"
              disabled={busy}
              className={`${primaryButton} mt-2 disabled:opacity-70`}
            >
              {t(`auth.${mode}.submit`)}
            </button>
            {mode === "login" && (
              <Link
                to={to("/forgot-password")}
                className="text-center text-brand-700 underline-offset-2 hover:underline"
              >
                {t("auth.login.forgot")}
              </Link>
            )}
          </Form>
        )}
        {google && !signedIn && !result?.registered && (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="google" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <p className="mb-4 text-center text-sm text-slate-600">{t("auth.or")}</p>
            <button
              type="submit"
              className="w-full rounded-lg bg-white px-6 py-3 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              {t("auth.google")}
            </button>
          </Form>
        )}
        {!signedIn && !result?.registered && (
          <p className="mt-6 text-center text-slate-700">
            {t(`auth.${mode}.switch`)}{" "}
            <Link
              to={`${to(`/${other}`)}${search}`}
              className="font-semibold text-brand-700 hover:underline"
            >
              {t(`auth.${mode}.switchLink`)}
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}
