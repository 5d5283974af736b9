import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { authContext } from "../platform/context.ts";
import type { Auth } from "./auth.server.ts";
import { getViewer } from "./session.server.ts";

/** An auth whose session lookup is counted, and finds nobody. */
function countingAuth() {
  const calls = { getSession: 0 };
  const auth = {
    api: {
      getSession: async () => {
        calls.getSession += 1;
        return null;
      },
    },
  } as unknown as Auth;
  const context = new RouterContextProvider();
  context.set(authContext, auth);
  return { calls, context };
}

test("a visitor without a session cookie is nobody, without asking Better Auth", async () => {
  const { calls, context } = countingAuth();
  const request = new Request("http://localhost/businesses", {
    headers: { cookie: "theme=dark" },
  });
  expect(await getViewer(request, context)).toBeNull();
  expect(calls.getSession).toBe(0);
});

test("a request with a session cookie is looked up once, however many loaders ask", async () => {
  const { calls, context } = countingAuth();
  const request = new Request("http://localhost/businesses", {
    headers: { cookie: "theme=dark; __Secure-better-auth.session_token=abc.def" },
  });
  await Promise.all([getViewer(request, context), getViewer(request, context)]);
  expect(calls.getSession).toBe(1);
});
