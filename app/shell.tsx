import { useLocation } from "react-router";
import { unlocalizedPath } from "./i18n/locale.ts";
import type { CartSummary } from "./shop/cart-summary.ts";
import { CartButton } from "./shop/components/cart-popup.tsx";
import { PlayerSlot } from "./ui/player-slot.tsx";
import { HeaderAccount, MobileNav, type ShellViewer } from "./ui/site-header.tsx";
import { showsCart } from "./ui/site-nav.ts";

/** What the shell shows differently for a signed-in player: the root loader's personal part. */
export type ShellPersonal = {
  /** Only what the navigation bars show. */
  viewer: ShellViewer;
  cart: CartSummary;
  /** False for a child under 14: nothing is sold to them (mayBeSoldTo). */
  forSale: boolean;
};

/** The header's account part, in its slot: a player's page renders it again (decision 0078). */
export function AccountSlot({ personal }: { personal: ShellPersonal }) {
  const here = unlocalizedPath(useLocation().pathname);
  return (
    <PlayerSlot kind="account">
      <HeaderAccount
        viewer={personal.viewer}
        cart={personal.forSale && showsCart(here) ? <CartButton summary={personal.cart} /> : null}
      />
    </PlayerSlot>
  );
}

/** The phone's bottom bar, in its slot: its Account link and More menu depend on the player. */
export function MobileNavSlot({ personal }: { personal: ShellPersonal }) {
  return (
    <PlayerSlot kind="mobile-nav">
      <MobileNav viewer={personal.viewer} />
    </PlayerSlot>
  );
}
