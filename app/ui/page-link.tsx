import { useContext } from "react";
import { createPath, Link, type LinkProps } from "react-router";
import { PageScriptsContext } from "./page-scripts.ts";

/**
 * A link to a page of the site: React Router's Link on a page with scripts, which the router
 * follows without reloading; a plain anchor on a page without (WITHOUT_SCRIPTS, the console),
 * where nothing would route it and Link's resolution of the address is work for nothing (a fifth
 * of an order search's rendering, decision 0081). `to` is an address from the site's root or a
 * query on the page's own, which the browser resolves as Link does.
 */
export function PageLink(props: LinkProps & React.RefAttributes<HTMLAnchorElement>) {
  const scripts = useContext(PageScriptsContext);
  if (scripts) return <Link {...props} />;
  const {
    to,
    discover: _discover,
    prefetch: _prefetch,
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    relative: _relative,
    viewTransition: _viewTransition,
    ...anchor
  } = props;
  return <a {...anchor} href={typeof to === "string" ? to : createPath(to)} />;
}
