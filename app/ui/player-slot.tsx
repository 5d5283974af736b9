import type { ReactNode } from "react";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      /** PlayerSlot's wrapper: laid out as if absent (`display: contents`, app.css). */
      "nb-slot": { "data-slot": string; "data-props"?: string; children?: ReactNode };
    }
  }
}

/** The kinds of PlayerSlot, each re-rendered for a player by app/player-page.server.tsx. */
export type PlayerSlotKind = "account" | "mobile-nav" | "save";

/**
 * A part of a page that a signed-in player sees differently from a visitor: the header's account
 * links and cart, the phone bar, a card's save button. A player's page is the kept visitor's page
 * with each of these rendered again for the player (decision 0078); `props` are what the part
 * needs besides the player (the same for everyone), written into the page for that second render.
 * Everything outside a slot must read nothing of the player, which the splice's test checks by
 * comparing whole pages. So a picture inside a slot is `loading="lazy"` or `fetchPriority="low"`:
 * React hoists a preload of any other into the head. The wrapper is a custom element whose end is the first `</nb-slot>`
 * after it: slots never nest.
 */
export function PlayerSlot({
  kind,
  props,
  children,
}: {
  kind: PlayerSlotKind;
  props?: Record<string, string | number>;
  children: ReactNode;
}) {
  return (
    <nb-slot data-slot={kind} data-props={props && JSON.stringify(props)}>
      {children}
    </nb-slot>
  );
}
