import { isRouteErrorResponse, type ServerBuild, UNSAFE_ErrorResponseImpl } from "react-router";
import { describe, expect, test } from "vitest";
import { AppError } from "./errors.ts";
import { withAppErrorAnswers } from "./route-errors.server.ts";

type Module = NonNullable<ServerBuild["routes"][string]>["module"];

/** A build of one route whose loader and action throw `error`. */
function buildThrowing(error: unknown, page: boolean): ServerBuild {
  const fail = () => {
    throw error;
  };
  const module = { loader: fail, action: fail, ...(page ? { default: () => null } : {}) };
  return {
    routes: { only: { id: "only", path: "only", module: module as unknown as Module } },
  } as unknown as ServerBuild;
}

const args = (path = "/only") =>
  ({ request: new Request(`http://localhost${path}`), params: {}, context: {} }) as never;

/** What the wrapped loader (or action) of the build's route throws or answers. */
async function outcome(build: ServerBuild, handler: "loader" | "action" = "loader") {
  const run = withAppErrorAnswers(build).routes.only?.module[handler];
  try {
    return { answered: await run?.(args()) };
  } catch (thrown) {
    return { thrown };
  }
}

describe("a page's loader and action", () => {
  test.each([
    ["not_found", 404],
    ["forbidden", 403],
    ["conflict", 409],
    ["invalid_parameters", 400],
  ] as const)("throw an AppError %s as an error response with status %i", async (code, status) => {
    for (const handler of ["loader", "action"] as const) {
      const { thrown } = await outcome(buildThrowing(new AppError(code), true), handler);
      // React Router makes a thrown data() the error response the root error boundary reads.
      const { type, data, init } = thrown as { type: string; data: unknown; init: ResponseInit };
      expect(type).toBe("DataWithResponseInit");
      expect(init.status).toBe(status);
      expect(data).toEqual({ code });
    }
  });

  test("a 429's Retry-After goes with it", async () => {
    const { thrown } = await outcome(
      buildThrowing(new AppError("too_many_requests", { retryAfter: 30 }), true),
    );
    const { init } = thrown as { init: ResponseInit };
    expect(new Headers(init.headers).get("Retry-After")).toBe("30");
  });

  test("anything else passes through untouched: a fault stays a 500, a redirect a redirect", async () => {
    const fault = new Error("a bug");
    expect(await outcome(buildThrowing(fault, true))).toEqual({ thrown: fault });
    const redirect = new Response(null, { status: 302, headers: { Location: "/" } });
    expect(await outcome(buildThrowing(redirect, true))).toEqual({ thrown: redirect });
    const response = new UNSAFE_ErrorResponseImpl(404, "Not Found", null);
    const { thrown } = await outcome(buildThrowing(response, true));
    expect(isRouteErrorResponse(thrown) && thrown.status).toBe(404);
  });
});

describe("a resource route's loader", () => {
  test("answers an AppError with the API's JSON error", async () => {
    const { answered } = await outcome(buildThrowing(new AppError("conflict"), false));
    const answer = answered as Response;
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ error: { code: "conflict" } });
  });

  test("answers a database too busy to answer with 503 and Retry-After", async () => {
    const busy = Object.assign(new Error("canceling statement"), { code: "57014" });
    const { answered } = await outcome(buildThrowing(busy, false));
    const answer = answered as Response;
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).not.toBeNull();
  });
});

test("a build is wrapped once, and routes without a loader keep none", () => {
  const build = {
    routes: { plain: { id: "plain", module: { default: () => null } as unknown as Module } },
  } as unknown as ServerBuild;
  const wrapped = withAppErrorAnswers(build);
  expect(withAppErrorAnswers(build)).toBe(wrapped);
  expect(wrapped.routes.plain?.module.loader).toBeUndefined();
});
