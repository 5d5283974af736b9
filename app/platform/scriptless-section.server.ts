import type { ServerBuild } from "react-router";
import { leavesOutScripts } from "../ui/page-scripts.ts";

/** The pages that send no scripts, and the build React Router renders them with. */
export type ScriptlessSection = {
  /** The build reduced to these pages' routes and their ancestors (the root). */
  build: ServerBuild;
  /** The ids of the pages' own routes: a request matched to one of them is theirs. */
  pages: ReadonlySet<string>;
};

const sections = new WeakMap<ServerBuild, ScriptlessSection | null>();

/**
 * The routes under a WITHOUT_SCRIPTS layout (the staff console, decision 0077), as a build of
 * their own, made once per build. React Router's request handler flattens and ranks its build's
 * whole route tree (about 250 routes) several times a request: to match the request, again in its
 * static handler, and to make the static router and the server routes it renders with. Over the
 * console's routes alone that work is a fifth of its size; everything else (loaders, error
 * boundaries, headers, the entry) is the same build's, so the pages render as before. Their links
 * to other pages need no route of their own: a link's address is resolved from its path.
 */
export function scriptlessSection(build: ServerBuild): ScriptlessSection | undefined {
  let section = sections.get(build);
  if (section === undefined) {
    section = reduce(build);
    sections.set(build, section);
  }
  return section ?? undefined;
}

function reduce(build: ServerBuild): ScriptlessSection | null {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const parentOf = new Map(routes.map((route) => [route.id, route.parentId]));
  const layouts = new Set(
    routes.filter((route) => leavesOutScripts(route.module.handle)).map((route) => route.id),
  );
  if (layouts.size === 0) return null;
  const ancestors = (id: string | undefined): string[] =>
    id === undefined ? [] : [id, ...ancestors(parentOf.get(id))];
  const pages = new Set(
    routes
      .filter((route) => ancestors(route.id).some((id) => layouts.has(id)))
      .map((route) => route.id),
  );
  const kept = new Set([...pages].flatMap((id) => ancestors(id)));
  const only = <T>(table: Record<string, T>) =>
    Object.fromEntries(Object.entries(table).filter(([id]) => kept.has(id)));
  return {
    build: {
      ...build,
      routes: only(build.routes),
      assets: { ...build.assets, routes: only(build.assets.routes) },
    },
    pages,
  };
}
