import path from "node:path";
import { pathToFileURL } from "node:url";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { beforeAll, expect, test } from "vitest";
import { matchRoute, routePattern } from "./methods.server.ts";

let build: ServerBuild;

beforeAll(async () => {
  build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
});

/** React Router's own matches, through `matchRoutes`. */
function referenceMatches(pathname: string) {
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push({ id: route.id, path: route.path, index: route.index } as RouteObject);
    byParent.set(route.parentId, siblings);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => {
      const below = byParent.get(route.id);
      return below && !route.index ? { ...route, children: attach(below) } : route;
    });
  return matchRoutes(attach(byParent.get(undefined) ?? []), pathname) ?? [];
}

/** React Router's own answer: the matched routes' paths joined. */
function reference(pathname: string): string {
  const matches = referenceMatches(pathname);
  const whole = matches.map((match) => match.route.path).filter(Boolean);
  return `/${whole.join("/")}`;
}

test("each address gets the pattern React Router matches it with; catch-alls are unmatched", () => {
  const addresses = ["/", "/fr", "/fr/", "/BUSINESSES", "/nothing/here", "/api/nothing", "/_root"];
  for (const route of Object.values(build.routes)) {
    if (!route?.path) continue;
    const sample = `/${route.path.replaceAll(/:[\w-]+/g, "x1").replace("*", "a/b")}`;
    addresses.push(sample, `${sample}/`, `${sample}/extra`, `${sample}.data`);
  }
  expect(addresses.length).toBeGreaterThan(100);
  for (const address of addresses) {
    const expected = reference(address.replace(/\.data$/, "").replace(/^\/_root$/, "/"));
    const pattern = routePattern(build, address);
    if (expected.endsWith("*")) expect(pattern, address).toBe("unmatched");
    else expect(pattern, address).toBe(expected);
  }
  expect(routePattern(build, "/businesses/42")).toBe("/businesses/:id");
  expect(routePattern(build, "/__manifest")).toBe("/__manifest");
  expect(routePattern(build, "/fr/businesses/42.data")).toBe("/fr/businesses/:id");
  expect(routePattern(build, "/api/businesses/42/reviews")).toBe("/api/businesses/:id/reviews");
});

test("each address gets the route and params React Router gives its loader, decoded as it decodes them", () => {
  const addresses = ["/api/nothing/here/", "/api/players/%C3%A9lo%2Fx/followers", "/fr/%C0"];
  for (const route of Object.values(build.routes)) {
    if (!route?.path) continue;
    const sample = `/${route.path.replaceAll(/:[\w-]+/g, "caf%C3%A9%20b").replace("*", "a/b")}`;
    addresses.push(sample, `${sample}/`, sample.toUpperCase());
  }
  for (const address of addresses) {
    const leaf = referenceMatches(address).at(-1);
    const found = matchRoute(build, address);
    expect(found?.id, address).toBe(leaf?.route.id);
    expect(found?.params, address).toEqual(leaf?.params);
  }
  expect(matchRoute(build, "/api/players/%C3%A9lo/followers")).toMatchObject({
    id: "api-player-followers",
    pattern: "/api/players/:handle/followers",
    logged: "/api/players/:handle/followers",
    params: { handle: "élo" },
  });
  expect(matchRoute(build, "/api/no/such")).toMatchObject({
    pattern: "/api/*",
    logged: "unmatched",
    params: { "*": "no/such" },
  });
});
