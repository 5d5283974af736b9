import { desc } from "drizzle-orm";
import { data } from "react-router";
import { outboxEmail } from "../db/schema/platform.ts";
import { databaseContext } from "../platform/context.ts";
import type { Route } from "./+types/dev.outbox";

/**
 * The mail the site would have sent, when no SMTP_URL is set: development only. The production
 * build answers 404 here whatever the database holds (its NODE_ENV is fixed at build time).
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (process.env.NODE_ENV === "production") throw data(null, { status: 404 });
  const messages = await context
    .get(databaseContext)
    .select()
    .from(outboxEmail)
    .orderBy(desc(outboxEmail.id))
    .limit(20);
  return {
    messages: messages.map((message) => ({
      ...message,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-10" lang="en-CA">
      <title>Development outbox</title>
      <h1 className="text-3xl font-bold">Development outbox</h1>
      <p className="mt-2 text-slate-700">
        The 20 newest messages, kept instead of sent because SMTP_URL is not set.
      </p>
      {loaderData.messages.length === 0 && <p className="mt-6">No message yet.</p>}
      <ol className="mt-6 space-y-6">
        {loaderData.messages.map((message) => (
          <li key={message.id} className="rounded-xl p-4 ring-1 ring-slate-200">
            <p className="text-sm text-slate-600">
              {message.createdAt} · to {message.to}
            </p>
            <h2 className="mt-1 text-lg font-semibold">{message.subject}</h2>
            <pre className="mt-2 whitespace-pre-wrap break-all text-sm">{message.text}</pre>
          </li>
        ))}
      </ol>
    </section>
  );
}
