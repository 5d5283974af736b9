import type { RouterContextProvider } from "react-router";
import { getViewer, requireParentAddress } from "./auth/session.server.ts";
import { localeFromPath, unlocalizedPath } from "./i18n/locale.ts";
import { nothingForSaleContext, pageWithoutScriptsContext } from "./platform/context.ts";
import { mayBeSoldTo } from "./players/identity.ts";
import type { ShellPersonal } from "./shell.tsx";
import { emptyCart } from "./shop/cart.server.ts";
import { shellCart } from "./shop/cart-session.server.ts";
import { summarizeCart } from "./shop/cart-summary.ts";
import { showsCart } from "./ui/site-nav.ts";

/**
 * The shell's personal part for the page at `page` (the root loader's, and a player's kept page's:
 * app/player-page.server.tsx), with the headers it must send: a visitor's cart joins the player's
 * here, on the first page after signing in, and its cookie is cleared. Throws the redirect of a
 * child whose parent must still be asked.
 */
export async function shellPersonal(
  request: Request,
  context: Readonly<RouterContextProvider>,
  page: URL,
): Promise<{ personal: ShellPersonal; headers: Headers }> {
  const viewer = await getViewer(request, context);
  requireParentAddress(viewer, page);
  // A page sent without scripts has no router to carry its data to the next page: where its
  // header shows no cart, the cart is not read (one statement fewer on each console page).
  const { cart, headers } =
    showsCart(unlocalizedPath(page.pathname)) || !context.get(pageWithoutScriptsContext)
      ? await shellCart(request, context)
      : { cart: emptyCart, headers: new Headers() };
  return {
    personal: {
      viewer: viewer && {
        name: viewer.name,
        image: viewer.image,
        staff: viewer.role !== "player",
        parent: viewer.parent,
        employs: viewer.employs,
      },
      cart: summarizeCart(cart, localeFromPath(page.pathname)),
      forSale: mayBeSoldTo(viewer) && !context.get(nothingForSaleContext),
    },
    headers,
  };
}
