import { AppError } from "./errors.ts";

/**
 * A state machine as one table: each state and the states it may move to. Orders, redeem
 * requests, reports, claims and applications each declare one (DESIGN.md: a move not allowed
 * answers 409). The conditional UPDATE that makes the move checks the state again in the database.
 */
export type Moves<State extends string> = Readonly<Record<State, readonly State[]>>;

export function canMove<State extends string>(
  moves: Moves<State>,
  from: State,
  to: State,
): boolean {
  return moves[from].includes(to);
}

/** Throws the 409 for a move the table does not allow. */
export function assertMove<State extends string>(
  moves: Moves<State>,
  from: State,
  to: State,
): void {
  if (!canMove(moves, from, to)) throw new AppError("conflict");
}
