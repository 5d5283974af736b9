import type { RouterContextProvider } from "react-router";
import { getViewer, requireParentAddress } from "./auth/session.server.ts";
import { localeFromPath } from "./i18n/locale.ts";
import { nothingForSaleContext } from "./platform/context.ts";
import { mayBeSoldTo } from "./players/identity.ts";
import type { ShellPersonal } from "./shell.tsx";
import { shellCart } from "./shop/cart-session.server.ts";
import { summarizeCart } from "./shop/cart-summary.ts";

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
  const { cart, headers } = await shellCart(request, context);
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
