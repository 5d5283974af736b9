import { Writable } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type {
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
  RouterContextProvider,
} from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { localeFromPath } from "./i18n/locale.ts";
import { serverT } from "./i18n/messages.server.ts";
import { ServerTranslateContext } from "./i18n/use-t.ts";
import { unavailableFor } from "./platform/errors.ts";
import { leavesOutScripts } from "./ui/page-scripts.ts";

// The host builds each request's context with these very objects: it loads the app through this
// build, so a context created in its own copy of the module would be a different key.
export {
  authContext,
  baseUrlContext,
  databaseContext,
  devOutboxContext,
  interacEmailContext,
  moderationReplyToContext,
  nothingForSaleContext,
  pageCacheContext,
  pageWithoutScriptsContext,
  quizDailyCapContext,
  staffQueueChangesContext,
  storageContext,
} from "./platform/context.ts";
// The host wraps the build's routes with the build's own copy (app/platform/host.server.ts).
export { withAppErrorAnswers } from "./platform/route-errors.server.ts";
// The host serves a player the kept visitor's page with their parts rendered again (decision 0078).
export { pageTemplate, playerPage } from "./player-page.server.tsx";

export const streamTimeout = 5_000;

/**
 * Requests during which the database was too busy to answer in time (a loader's statement cut by
 * the request timeout, or no free connection): they answer 503 with Retry-After, not 500.
 */
const busyRequests = new WeakMap<object, Headers>();

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  const busy = unavailableFor(error);
  if (busy) {
    const headers = busy.headers();
    headers.set("Cache-Control", "no-store");
    busyRequests.set(context, headers);
    // Not the path, which may hold a handle: the request's own log line, with the same request
    // id, says which route it was.
    console.warn(`503 for ${request.method}: ${busy.message}`);
    return;
  }
  // As React Router's own handler: an error response it made around a thrown error logs that one.
  if (!request.signal.aborted) {
    const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
    console.error(inner ?? error);
  }
};

/** A client-side navigation's data, as the page would have answered. */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  const busy = busyRequests.get(context);
  if (!busy) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of busy) headers.set(name, value);
  return new Response(response.body, { status: 503, headers });
};

/** Whether the page's route leaves out the scripts (WITHOUT_SCRIPTS). */
function withoutScripts(context: EntryContext): boolean {
  return context.staticHandlerContext.matches.some((match) =>
    leavesOutScripts(context.routeModules[match.route.id]?.handle),
  );
}

/**
 * A page without scripts gets no hydration data either: React Router would write the loaders' data
 * into it again, for a script that is not there. Its words come from the server's translator, so
 * its loaders send none (decision 0081).
 */
function page(request: Request, context: EntryContext) {
  if (!withoutScripts(context)) return <ServerRouter context={context} url={request.url} />;
  context.serverHandoffStream?.cancel();
  return (
    <ServerTranslateContext value={serverT(localeFromPath(new URL(request.url).pathname))}>
      <ServerRouter context={{ ...context, serverHandoffStream: undefined }} url={request.url} />
    </ServerTranslateContext>
  );
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const busy = busyRequests.get(loadContext);
  if (busy) {
    responseStatusCode = 503;
    for (const [name, value] of busy) responseHeaders.set(name, value);
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // A page without scripts waits on nothing (its data is not streamed to a script): it is rendered
  // to one string, without the stream's chunks and buffers, 0.4–0.5 ms less of a console page's
  // 2.5–3 ms (decision 0082). A render error throws, as a shell error rejects below.
  if (withoutScripts(routerContext)) {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    const html = `<!DOCTYPE html>${renderToString(page(request, routerContext))}`;
    return new Response(html, { headers: responseHeaders, status: responseStatusCode });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(page(request, routerContext), {
      // Everyone gets the whole page in one buffer: the host hashes its inline scripts and
      // compresses it in one piece anyway (allowPageScripts, compressAnswers), and nothing on
      // this site streams on purpose (no Suspense, no deferred data), so the page is complete as
      // soon as its shell is. Passing React's many small chunks through a web stream one by one
      // cost more than compressing the page (docs/performance.md).
      onAllReady() {
        shellRendered = true;
        const status = responseStatusCode;
        const chunks: Buffer[] = [];
        const body = new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status }));
            callback();
          },
        });
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}
