import { Link } from "react-router";
import { databaseContext, devOutboxContext } from "../../platform/context.ts";
import { OUTBOX_PAGE_SIZE, readOutbox } from "../../platform/email.server.ts";
import { AppError } from "../../platform/errors.ts";
import { isLocalRequest } from "../../platform/local-request.server.ts";
import type { Route } from "./+types/dev.outbox";

/**
 * Every message the site queued, with what became of it. In development, always. Otherwise only
 * when the server was started to show it (DEV_OUTBOX, which `npm start` sets, so whoever tries the
 * site can read their verification e-mail), and then only to a browser on the same machine: the
 * messages hold sign-in links. Headers can be forged; the setting cannot.
 * `import.meta.env.DEV` is fixed by the build, whatever NODE_ENV the server later runs with.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const visible = import.meta.env.DEV || (context.get(devOutboxContext) && isLocalRequest(request));
  if (!visible) throw new AppError("not_found");
  const before = Number(new URL(request.url).searchParams.get("before"));
  const page = await readOutbox(
    context.get(databaseContext),
    Number.isSafeInteger(before) && before > 0 ? before : undefined,
  );
  return {
    pageSize: OUTBOX_PAGE_SIZE,
    olderBefore: page.olderBefore,
    messages: page.messages.map((message) => ({
      id: message.id,
      to: message.to,
      subject: message.subject,
      text: message.text,
      attachments: message.attachments.map((attachment) => attachment.filename),
      status: message.status,
      attempts: message.attempts,
      lastError: message.lastError,
      createdAt: message.createdAt.toISOString(),
      sentAt: message.sentAt?.toISOString(),
      nextAttemptAt: message.nextAttemptAt.toISOString(),
    })),
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-10" lang="en-CA">
      <title>Outbox</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold">Outbox</h1>
      <p className="mt-2 text-slate-700">
        The mail the site has queued, newest first, {loaderData.pageSize} to a page.
      </p>
      {loaderData.messages.length === 0 && <p className="mt-6">No message yet.</p>}
      <ol className="mt-6 space-y-6">
        {loaderData.messages.map((message) => (
          <li key={message.id} className="rounded-xl p-4 ring-1 ring-slate-200">
            <p className="text-sm text-slate-600">
              #{message.id} · {message.createdAt} · to {message.to}
            </p>
            <h2 className="mt-1 text-lg font-semibold">{message.subject}</h2>
            <p className="mt-1 text-sm" data-status={message.status}>
              {message.status === "sent" && `Sent ${message.sentAt}`}
              {message.status === "pending" && `Pending, next attempt ${message.nextAttemptAt}`}
              {message.status === "failed" && "Failed, not retried"} · {message.attempts}{" "}
              {message.attempts === 1 ? "attempt" : "attempts"}
            </p>
            {message.lastError && (
              <p className="mt-1 text-sm text-red-800">Last error: {message.lastError}</p>
            )}
            <pre className="mt-2 whitespace-pre-wrap break-all text-sm">{message.text}</pre>
            {message.attachments.length > 0 && (
              <p className="mt-2 text-sm">Attached: {message.attachments.join(", ")}</p>
            )}
          </li>
        ))}
      </ol>
      {loaderData.olderBefore !== undefined && (
        <p className="mt-6">
          <Link className="underline" to={`?before=${loaderData.olderBefore}`}>
            Older messages
          </Link>
        </p>
      )}
    </section>
  );
}
