import type { RouteObject, ServerBuild } from "react-router";
import { apiDocument } from "../openapi.server.ts";
import { METHODS } from "./openapi.ts";

/** The methods React Router hands to a route; any other it refuses itself, logging a stack trace. */
const ROUTED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);

/** Each documented API path as a pattern, with the methods it answers (HEAD with GET). */
const apiPaths = Object.entries(apiDocument.paths).map(([template, item]) => {
  const methods = METHODS.filter((method) => method in item).map((method) => method.toUpperCase());
  if (methods.includes("GET")) methods.splice(methods.indexOf("GET") + 1, 0, "HEAD");
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+");
  return { pattern: new RegExp(`^${pattern}$`), allow: methods.join(", ") };
});

/** API addresses that serve the document itself rather than describe an operation in it. */
const DOCUMENT_PATHS: Record<string, string> = {
  "/api/openapi.json": "GET, HEAD",
  "/api/docs": "GET, HEAD",
};

/** The route tree React Router matches against, rebuilt from the build's flat manifest. */
function routeTree(build: ServerBuild): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push({ id: route.id, path: route.path, index: route.index } as RouteObject);
    children.set(route.parentId, siblings);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => {
      const below = children.get(route.id);
      return below && !route.index ? { ...route, children: attach(below) } : route;
    });
  return attach(children.get(undefined) ?? []);
}

/** A route's data request (/businesses.data) is answered by the route of its page. */
const pageOf = (pathname: string) => pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");

type Branch = {
  /** The leaf route's id, whose module answers. */
  id: string;
  pattern: string;
  test: RegExp;
  /** The names of the test's capture groups, in order ("*" for a splat). */
  params: string[];
  score: number;
};

const MANIFEST_PATH = "/__manifest";

/** React Router's ranking of a route's path (its `computeScore`): static segments beat params. */
function score(pathname: string, index: boolean): number {
  const segments = pathname.split("/");
  let total = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") continue;
    total += segment.startsWith(":") ? 3 : segment === "" ? 1 : 10;
  }
  return total;
}

/**
 * The ranked branches, and for each static first segment (lower case) only those that can match a
 * path starting with it: theirs, and those that start with a param or a splat, still in rank
 * order. An address then tests a dozen patterns rather than all 250.
 */
type Branches = { all: Branch[]; byFirst: Map<string, Branch[]>; rest: Branch[] };

const branchesOf = new WeakMap<ServerBuild, Branches>();

/** A branch's first static segment, lower case; undefined when it starts with a param or splat. */
const firstStatic = (pattern: string) => {
  const first = pattern.split("/")[1];
  return first && !first.startsWith(":") && first !== "*" ? first.toLowerCase() : undefined;
};

/**
 * Every route of the build as a whole path, a regular expression (React Router's `compilePath`:
 * case-insensitive, trailing slashes allowed) and React Router's rank, best first, built once:
 * `matchRoutes` flattens and ranks the whole tree again on every call, about a millisecond, which
 * every request would pay for its log line, and every API call for its answer.
 */
function branches(build: ServerBuild): Branches {
  const known = branchesOf.get(build);
  if (known) return known;
  const list: Branch[] = [];
  const walk = (routes: RouteObject[], parent: string) => {
    for (const route of routes) {
      const whole = [parent, route.path ?? ""].filter(Boolean).join("/");
      if (route.children) walk(route.children, whole);
      if (route.path == null && !route.index) continue;
      const params: string[] = [];
      const source = whole
        .split("/")
        .filter(Boolean)
        .map((segment) => {
          if (segment === "*") {
            params.push("*");
            return "(?:/(.+)|/*)";
          }
          if (segment.startsWith(":")) {
            params.push(segment.slice(1));
            return "/([^/]+)";
          }
          return `/${segment.replace(/[.*+?^$()|[\]\\{}]/g, "\\$&")}`;
        })
        .join("");
      list.push({
        id: String(route.id),
        pattern: `/${whole}`,
        test: new RegExp(`^${source}/*$`, "i"),
        params,
        score: score(whole, route.index === true),
      });
    }
  };
  walk(routeTree(build), "");
  // Stable: among equal ranks the first declared wins, as in React Router.
  list.sort((a, b) => b.score - a.score);
  const rest = list.filter((branch) => firstStatic(branch.pattern) === undefined);
  const byFirst = new Map<string, Branch[]>();
  for (const branch of list) {
    const first = firstStatic(branch.pattern);
    if (first && !byFirst.has(first))
      byFirst.set(
        first,
        list.filter((other) => [first, undefined].includes(firstStatic(other.pattern))),
      );
  }
  const built = { all: list, byFirst, rest };
  branchesOf.set(build, built);
  return built;
}

/** React Router's `decodePath`: each segment decoded, a slash inside one kept as %2F. */
function decodePath(pathname: string): string {
  if (!pathname.includes("%")) return pathname;
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname; // A malformed escape: matched as it is, as React Router does.
  }
}

const PRINTABLE_ASCII = /^[ -~]*$/;

export type RouteMatch = {
  /** The leaf route's id in the build. */
  id: string;
  /** Its whole path, as React Router hands it to the route (`/api/businesses/:id`). */
  pattern: string;
  /** What logs and metrics call it: the pattern, or "unmatched" for a catch-all's 404s. */
  logged: string;
  params: Record<string, string>;
};

/**
 * The route React Router would match `pathname` (as sent, still encoded) with, and its params as
 * React Router gives them to the route: the same ranked branches serve logs, 405s and the host's
 * own answers to the JSON API (decision 0074).
 */
export function matchRoute(build: ServerBuild, pathname: string): RouteMatch | undefined {
  const decoded = decodePath(pathname);
  const { all, byFirst, rest } = branches(build);
  const first = decoded.split("/", 2)[1] ?? "";
  // A segment outside ASCII could fold to a static one under the patterns' case-insensitive rule;
  // it is tested against every branch.
  const candidates = byFirst.get(first.toLowerCase()) ?? (PRINTABLE_ASCII.test(first) ? rest : all);
  for (const branch of candidates) {
    const found = branch.test.exec(decoded);
    if (!found) continue;
    const params: Record<string, string> = {};
    branch.params.forEach((name, index) => {
      params[name] = (found[index + 1] ?? "").replace(/%2F/g, "/");
    });
    const { id, pattern } = branch;
    // The catch-alls ("*", "api/*") answer only addresses no other route does: their 404s.
    return { id, pattern, logged: pattern.endsWith("*") ? "unmatched" : pattern, params };
  }
  return undefined;
}

/**
 * The pattern of the route that answers `pathname` (`/businesses/:id`), for logs and metrics,
 * which must never hold the path itself (a handle, a search): "unmatched" for an address no route
 * but a catch-all answers.
 */
export function routePattern(build: ServerBuild, pathname: string): string {
  // React Router's own route discovery: the browser asks it for the routes of links it sees.
  if (pathname === MANIFEST_PATH) return MANIFEST_PATH;
  return matchRoute(build, pageOf(pathname))?.logged ?? "unmatched";
}

/**
 * The methods an address answers, for the `Allow` of a 405: an API path's from the document (which
 * app/routes/site/api.openapi.test.ts holds to what the routes answer), a page's from its route
 * module (GET and HEAD, and POST when it has an action). Undefined for an API address that does
 * not exist, which is a 404 whatever the method.
 */
function allowedMethods(build: ServerBuild, pathname: string): string | undefined {
  if (pathname.startsWith("/api/"))
    return (
      DOCUMENT_PATHS[pathname] ?? apiPaths.find(({ pattern }) => pattern.test(pathname))?.allow
    );
  const leaf = matchRoute(build, pageOf(pathname))?.id;
  const module = leaf ? build.routes[leaf]?.module : undefined;
  return module && "action" in module && module.action ? "GET, HEAD, POST" : "GET, HEAD";
}

/**
 * What to answer instead of React Router, which refuses some requests itself with a 405 that has
 * no `Allow` and a stack trace in the log: a method it does not route (TRACE, OPTIONS, PROPFIND…),
 * a change sent to a page without an action, or an API method the path does not document. The
 * answer is a 405 with the methods the address answers, or a 404 for an API address that does not
 * exist; OPTIONS is answered with the `Allow` alone (204). Undefined lets the request through.
 */
export function methodRefusal(
  build: ServerBuild,
  method: string,
  pathname: string,
): { status: 204 | 405; allow: string } | { status: 404 } | undefined {
  // Every page answers GET and HEAD: matching its route (a twentieth of a rendered page's CPU)
  // would only find that out again.
  if ((method === "GET" || method === "HEAD") && !pathname.startsWith("/api/")) return undefined;
  const allow = allowedMethods(build, pathname);
  if (allow === undefined) return ROUTED_METHODS.has(method) ? undefined : { status: 404 };
  if (method === "OPTIONS") return { status: 204, allow };
  const listed = allow.split(", ");
  const refused = !ROUTED_METHODS.has(method)
    ? true
    : pathname.startsWith("/api/")
      ? !listed.includes(method)
      : method !== "GET" && method !== "HEAD" && !listed.includes("POST");
  return refused ? { status: 405, allow } : undefined;
}
