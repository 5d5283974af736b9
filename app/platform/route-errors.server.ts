import { data, type ServerBuild } from "react-router";
import { localeFromRequest } from "../i18n/locale.ts";
import { errorResponse } from "./api.ts";
import type { PageErrorData } from "./error-codes.ts";
import { type AppError, asAppError, isAppError } from "./errors.ts";

type Handler = NonNullable<ServerBuild["routes"][string]>["module"]["loader"];

/**
 * What a page's loader or action throws for an AppError: a React Router error response with the
 * code's status, which the root error boundary shows as the 404 or error page in the page's
 * language. Only the code crosses to the browser; the page reads its message from the shell's.
 */
function pageErrorFor(error: AppError) {
  return data<PageErrorData>(
    { code: error.code },
    { status: error.status, headers: error.headers() },
  );
}

function answeringAppErrors<H extends Handler>(handler: H, page: boolean): H {
  if (!handler) return handler;
  const wrapped: Handler = async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      // A page leaves a database too busy to answer to entry.server's handleError (503 with
      // Retry-After, which a thrown error response could not carry to the document).
      if (page && isAppError(error)) throw pageErrorFor(error);
      const answer = page ? undefined : asAppError(error);
      if (answer) return errorResponse(answer, localeFromRequest(args.request));
      throw error;
    }
  };
  return wrapped as H;
}

const wrappedBuilds = new WeakMap<ServerBuild, ServerBuild>();

/**
 * The build with every route's loader and action wrapped, so that an AppError they (or a service
 * below them) throw answers with its status: on a page, the root error page in the page's
 * language; on a resource route (sitemaps, the feed), the API's JSON error. Unwrapped, React Router
 * answers any thrown Error with a 500: its middleware cannot see a loader's error (`next()` returns
 * the rendered page) and `handleError` only observes. Routes that turn an AppError into something
 * else first keep doing so: `apiRoute`, `formAction`, the search forms.
 */
export function withAppErrorAnswers(build: ServerBuild): ServerBuild {
  let wrapped = wrappedBuilds.get(build);
  if (wrapped) return wrapped;
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      if (!route) return [id, route];
      const { module } = route;
      const page = module.default != null;
      return [
        id,
        {
          ...route,
          module: {
            ...module,
            loader: answeringAppErrors(module.loader, page),
            action: answeringAppErrors(module.action, page),
          },
        },
      ];
    }),
  );
  wrapped = { ...build, routes };
  wrappedBuilds.set(build, wrapped);
  return wrapped;
}
