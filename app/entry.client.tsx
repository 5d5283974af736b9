import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { type PlayerState, withPlayerState } from "./ui/player-page.ts";

type Hydration = { state?: { loaderData: Record<string, unknown> } };

declare global {
  interface Window {
    __reactRouterContext?: Hydration;
    __reactRouterRouteModules?: Record<string, { handle?: unknown } | undefined>;
  }
}

/**
 * A player's page served from the kept visitor's page (decision 0078) carries React Router's data
 * as the visitor's, and the player's parts in a JSON script: they are put into the data as React
 * Router decodes it (it assigns the context's `state`), before the router is made, so the page
 * hydrates with the data its loaders would have sent the player.
 */
function takePlayerState() {
  const script = document.getElementById("player-state");
  const context = window.__reactRouterContext;
  if (!script || !context) return;
  const player = JSON.parse(script.textContent ?? "") as PlayerState;
  script.remove();
  let state: Hydration["state"];
  Object.defineProperty(context, "state", {
    configurable: true,
    enumerable: true,
    get: () => state,
    set(decoded: NonNullable<Hydration["state"]>) {
      const loaderData = withPlayerState(
        decoded.loaderData,
        player,
        (routeId) => window.__reactRouterRouteModules?.[routeId]?.handle,
      );
      state = { ...decoded, loaderData };
    },
  });
}

takePlayerState();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
