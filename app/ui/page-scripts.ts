import { createContext } from "react";
import { useMatches } from "react-router";

/**
 * A route's `handle` that sends its pages without React Router's scripts: no client bundle, no
 * hydration data, no scroll restoration (decision 0077). For pages whose every feature is a
 * server-rendered form or link, as the staff console's: it saves the server encoding the loader
 * data a second time into the page, and the browser the bundle.
 */
export const WITHOUT_SCRIPTS = { scripts: false } as const;

/** Whether a matched route's handle is WITHOUT_SCRIPTS. */
export const leavesOutScripts = (handle: unknown): boolean =>
  (handle as { scripts?: unknown } | undefined)?.scripts === false;

/** False when a matched route asks for its pages without scripts. */
export function usePageScripts(): boolean {
  return !useMatches().some((match) => leavesOutScripts(match.handle));
}

/** Whether the page carries scripts, given by app/root.tsx from `usePageScripts` (PageLink). */
export const PageScriptsContext = createContext(true);
