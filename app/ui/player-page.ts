/**
 * The handle of a page served to players as the kept visitor page with its slots rendered again
 * (app/player-page.server.tsx). The only part of its loader's data that depends on the player is
 * which of its cards they saved: `withSaved` puts the player's marks (ids of the page's businesses)
 * into the visitor's data, and is the same function the loader marks them with, so the data a
 * player's browser starts from is the data the loader would have sent.
 */
export type PlayerPageHandle<Data> = {
  playerPage: { withSaved(data: Data, saved: readonly number[]): Data };
};

/** The handle's player-page part, if the route has one. */
export function playerPageOf(handle: unknown): PlayerPageHandle<unknown>["playerPage"] | undefined {
  return (handle as Partial<PlayerPageHandle<unknown>> | undefined)?.playerPage;
}

/**
 * What a player's kept page carries beside React Router's data (the visitor's): the root's
 * personal part, and the player's saved marks for the page's route.
 */
export type PlayerState = {
  root: Record<string, unknown>;
  routeId: string;
  saved: number[];
};

type LoaderData = Record<string, unknown>;

/**
 * The data a player's page starts from: the visitor's with the player's parts put in, as the
 * loaders would have sent them.
 */
export function withPlayerState(
  loaderData: LoaderData,
  state: PlayerState,
  handleOf: (routeId: string) => unknown,
): LoaderData {
  const page = playerPageOf(handleOf(state.routeId));
  if (!page) throw new Error(`${state.routeId} is not a player page`);
  return {
    ...loaderData,
    root: { ...(loaderData.root as object), ...state.root },
    [state.routeId]: page.withSaved(loaderData[state.routeId], state.saved),
  };
}
