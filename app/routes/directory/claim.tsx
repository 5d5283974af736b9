import { useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { requireViewer } from "../../auth/session.server.ts";
import { getBusiness } from "../../directory/businesses.server.ts";
import {
  claimPageOf,
  sendClaimCode,
  sendClaimDocument,
  verifyClaimCode,
} from "../../directory/claims.server.ts";
import {
  CLAIM_CODE_MINUTES,
  CLAIM_DOCUMENT_TYPES,
  claimFormSchema,
} from "../../directory/claims.ts";
import { manageHref } from "../../directory/manage-nav.ts";
import { parseBusinessId } from "../../directory/search.ts";
import { localeFromPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import {
  type FormOutcome,
  formAction,
  formFailure,
  retryAfterHeaders,
} from "../../platform/api.ts";
import { clientAddressOf } from "../../platform/audit.server.ts";
import { authContext, databaseContext, storageContext } from "../../platform/context.ts";
import { AppError, asAppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { primaryButton, secondaryButton } from "../../ui/button-link.tsx";
import { FilePicker } from "../../ui/file-picker.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { TextArea } from "../../ui/text-area.tsx";
import { TextField } from "../../ui/text-field.tsx";
import type { Route } from "./+types/claim";

/**
 * Claiming a listing (issue 26): a signed-in adult proves the business is theirs with a code sent
 * to the listing's own address, or, when there is none or they cannot read it, sends staff a
 * document. Visitors sign in first and come back here.
 */
export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const businessId = parseBusinessId(params.id);
  if (!businessId) throw new AppError("not_found");
  const viewer = await requireViewer({ request, context, url });
  const db = context.get(databaseContext);
  const business = await getBusiness(db, businessId);
  const claim = await claimPageOf(db, businessId, viewer.id);
  return {
    business: { id: business.id, name: business.name },
    claim: {
      ...claim,
      codeSentUntil: claim.state === "open" ? (claim.codeSentUntil?.toISOString() ?? null) : null,
    },
    messages: pageMessages(request, "businessPage"),
  };
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const action = formAction(async ({ request, params, context, url }: Route.ActionArgs) => {
  const businessId = parseBusinessId(params.id);
  if (!businessId) throw new AppError("not_found");
  const viewer = await requireViewer({ request, context, url });
  const db = context.get(databaseContext);
  const form = await readInput(request, claimFormSchema);
  const options = { secret: context.get(authContext).options.secret as string };
  if (form.intent === "send") {
    await sendClaimCode(db, viewer.id, businessId, localeFromPath(url.pathname), options);
    return { sent: true };
  }
  const claimant = { id: viewer.id, role: "owner", clientAddress: clientAddressOf(request) };
  if (form.intent === "document") {
    try {
      await sendClaimDocument(db, context.get(storageContext), claimant, businessId, form);
    } catch (error) {
      // Said beside the document's form, not the code's: the page has both.
      const problem = asAppError(error);
      if (!problem) throw error;
      return formFailure(problem, { form: "document" as const });
    }
    return { documentSent: true };
  }
  await verifyClaimCode(db, claimant, businessId, form.code, options);
  return { verified: true };
});

export default function ClaimPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const { business, claim } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const documentProblem =
    result?.form === "document" || DOCUMENT_FIELDS.some((name) => name === result?.problem?.field);
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <title>{t("claim.metaTitle", { name: business.name })}</title>
      <meta name="robots" content="noindex" />
      <p>
        <Link to={to(`/businesses/${business.id}`)} className="text-brand-700 underline">
          {t("claim.back", { name: business.name })}
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold">{t("claim.heading", { name: business.name })}</h1>
      {result?.verified && (
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-4 font-medium text-green-900">
          {t("claim.done", { name: business.name })}
        </p>
      )}
      {claim.state === "minor" && <p className="mt-4 text-lg">{t("claim.minor")}</p>}
      {claim.state === "owner" && (
        <>
          <p className="mt-4 text-lg">{t("claim.owner")}</p>
          <p className="mt-4">
            <Link to={to(manageHref(business.id))} className={primaryButton}>
              {t("claim.manage")}
            </Link>
          </p>
        </>
      )}
      {claim.state === "claimed" && <p className="mt-4 text-lg">{t("claim.claimedAlready")}</p>}
      {claim.state === "open" && (
        <>
          <p className="mt-2 text-slate-700">{t("claim.intro")}</p>
          {claim.maskedEmail && (
            <CodeClaim
              maskedEmail={claim.maskedEmail}
              codeSent={Boolean(claim.codeSentUntil) || Boolean(result?.sent)}
              problem={documentProblem ? undefined : result?.problem}
            />
          )}
          <DocumentClaim
            hasAddress={Boolean(claim.maskedEmail)}
            waiting={claim.documentWaiting}
            problem={documentProblem ? result?.problem : undefined}
          />
        </>
      )}
    </section>
  );
}

/** The code to the listing's address: ask for it, then type it. */
function CodeClaim({
  maskedEmail,
  codeSent,
  problem,
}: {
  maskedEmail: string;
  codeSent: boolean;
  problem: Parameters<typeof useFormProblem>[0];
}) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { form, field, message, alert } = useFormProblem(problem, "claim-problem", ["code"]);
  return (
    <section aria-labelledby="code-heading" className="mt-8 rounded-xl p-5 ring-1 ring-slate-200">
      <h2 id="code-heading" className="text-xl font-bold">
        {t("claim.code.heading")}
      </h2>
      <p className="mt-2 text-slate-700">{t("claim.code.explain", { email: maskedEmail })}</p>
      {!codeSent && alert}
      {codeSent && (
        <Form method="post" ref={form} noValidate className="mt-4 flex flex-col gap-4">
          <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900">
            {t("claim.code.sent", { email: maskedEmail, minutes: CLAIM_CODE_MINUTES })}
          </p>
          {alert}
          <TextField
            id="claim-code"
            name="code"
            label={t("claim.code.label")}
            hint={t("claim.code.hint")}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            className="max-w-xs"
            {...field("code")}
            problem={message("code")}
          />
          <button
            type="submit"
            name="intent"
            value="verify"
            disabled={busy}
            className={`${primaryButton} self-start`}
          >
            {t("claim.code.verify")}
          </button>
        </Form>
      )}
      <Form method="post" className="mt-4">
        <button
          type="submit"
          name="intent"
          value="send"
          disabled={busy}
          className={codeSent ? secondaryButton : primaryButton}
        >
          {codeSent ? t("claim.code.sendAgain") : t("claim.code.send", { email: maskedEmail })}
        </button>
      </Form>
    </section>
  );
}

const DOCUMENT_FIELDS = ["document", "note"] as const;

/**
 * A document for staff: after the code, for whoever cannot read the listing's mailbox, or alone
 * when the listing has no address. Once sent, it says staff have it until they decide.
 */
function DocumentClaim({
  hasAddress,
  waiting,
  problem,
}: {
  hasAddress: boolean;
  waiting: boolean;
  problem: Parameters<typeof useFormProblem>[0];
}) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const fileInput = useRef<HTMLInputElement>(null);
  const { form, field, message, alert } = useFormProblem(
    problem,
    "claim-document-problem",
    DOCUMENT_FIELDS,
  );
  return (
    <section
      aria-labelledby="document-heading"
      className="mt-8 rounded-xl p-5 ring-1 ring-slate-200"
    >
      <h2 id="document-heading" className="text-xl font-bold">
        {t("claim.document.heading")}
      </h2>
      {waiting ? (
        <p role="status" className="mt-2 rounded-lg bg-green-50 p-3 text-green-900">
          {t("claim.document.waiting")}
        </p>
      ) : (
        <>
          <p className="mt-2 text-slate-700">
            {t(hasAddress ? "claim.document.explain" : "claim.document.explainNoAddress")}
          </p>
          <Form
            method="post"
            encType="multipart/form-data"
            ref={form}
            noValidate
            className="mt-4 flex flex-col gap-4"
          >
            {alert}
            <div className="flex flex-col gap-1">
              <label htmlFor="claim-document" className="font-medium text-slate-800">
                {t("claim.document.file")}
              </label>
              <FilePicker
                id="claim-document"
                name="document"
                inputRef={fileInput}
                accept={CLAIM_DOCUMENT_TYPES}
                required
                aria-describedby="claim-document-hint"
                {...field("document")}
              />
              <p id="claim-document-hint" className="text-sm text-slate-600">
                {t("claim.document.fileHint")}
              </p>
              {message("document")}
            </div>
            <TextArea
              id="claim-note"
              name="note"
              label={t("claim.document.note")}
              hint={t("claim.document.noteHint")}
              maxLength={500}
              required
              {...field("note")}
              problem={message("note")}
            />
            <button
              type="submit"
              name="intent"
              value="document"
              disabled={busy}
              className={`${primaryButton} self-start`}
            >
              {t("claim.document.submit")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
