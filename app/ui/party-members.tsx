import { Form, useNavigation } from "react-router";
import type { FormProblem } from "../platform/api.ts";
import { primaryButton, secondaryButton } from "./button-link.tsx";
import { useFormProblem } from "./form-problem.tsx";
import { EmailField } from "./text-field.tsx";

/** The texts of a party's members page, in the page's language (its area's messages). */
export type PartyMembersTexts = {
  you: string;
  via: (via: string) => string;
  remove: (name: string) => string;
  leave: string;
  removed: (name: string) => string;
  inviteHeading: string;
  inviteExplain: string;
  email: string;
  send: string;
  sent: (email: string) => string;
};

/**
 * Who acts for a party (a listing's owners, an employer's members) and how each joined, with a
 * button to remove each (oneself: leave), and the form to invite someone by e-mail. The page's
 * action answers `{ removed }`, `{ invited }` or `{ problem }`.
 */
export function PartyMembers({
  members,
  me,
  result,
  texts,
}: {
  members: { id: string; name: string; via: string }[];
  me: string;
  result: { removed?: string; invited?: string; problem?: FormProblem } | undefined;
  texts: PartyMembersTexts;
}) {
  const busy = useNavigation().state === "submitting";
  const { form, field, message, alert } = useFormProblem(result?.problem, "members-problem", [
    "email",
  ]);
  return (
    <>
      {result?.removed !== undefined && (
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 text-green-900">
          {texts.removed(result.removed)}
        </p>
      )}
      <div className="mt-4">{alert}</div>
      <ul className="mt-4 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
        {members.map((member) => (
          <li key={member.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <p className="font-semibold break-words">
                {member.name} {member.id === me && texts.you}
              </p>
              <p className="text-sm text-slate-700">{texts.via(member.via)}</p>
            </div>
            <Form method="post">
              <input type="hidden" name="userId" value={member.id} />
              <button
                type="submit"
                name="intent"
                value="remove"
                disabled={busy}
                className={secondaryButton}
              >
                {member.id === me ? texts.leave : texts.remove(member.name)}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <section aria-labelledby="invite-heading" className="mt-8">
        <h2 id="invite-heading" className="text-xl font-bold">
          {texts.inviteHeading}
        </h2>
        <p className="mt-1 text-slate-700">{texts.inviteExplain}</p>
        {result?.invited && (
          <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 text-green-900">
            {texts.sent(result.invited)}
          </p>
        )}
        <Form method="post" ref={form} noValidate className="mt-4 flex max-w-md flex-col gap-4">
          <EmailField
            id="invite-email"
            name="email"
            label={texts.email}
            {...field("email")}
            problem={message("email")}
          />
          <button
            type="submit"
            name="intent"
            value="invite"
            disabled={busy}
            className={`${primaryButton} self-start`}
          >
            {texts.send}
          </button>
        </Form>
      </section>
    </>
  );
}

/**
 * The page an invitation's e-mailed link opens (a listing's co-owner, an employer's member): who
 * invites, and the button to accept, or why this player may not (`problem`, already in words).
 * The page's action answers `{ problem }` when accepting is refused.
 */
export function PartyInvitation({
  title,
  intro,
  problem,
  accept,
  result,
}: {
  title: string;
  intro: string;
  problem: string | undefined;
  accept: string;
  result: { problem?: FormProblem } | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const { form, alert } = useFormProblem(result?.problem, "invite-problem", []);
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold break-words">{title}</h1>
      <p className="mt-2 text-slate-700">{intro}</p>
      {problem ? (
        <p className="mt-6 rounded-lg bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">
          {problem}
        </p>
      ) : (
        <Form method="post" ref={form} className="mt-6">
          {alert}
          <button type="submit" disabled={busy} className={primaryButton}>
            {accept}
          </button>
        </Form>
      )}
    </section>
  );
}
