import { expect, test } from "vitest";
import { assertMove, canMove, type Moves } from "./state-machine.ts";

const moves: Moves<"open" | "done" | "gone"> = { open: ["done", "gone"], done: ["gone"], gone: [] };

test("a move is allowed only where the table lists it", () => {
  expect(canMove(moves, "open", "done")).toBe(true);
  expect(canMove(moves, "done", "open")).toBe(false);
  expect(canMove(moves, "gone", "gone")).toBe(false);
});

test("a move not allowed is the 409", () => {
  expect(() => assertMove(moves, "done", "open")).toThrow(
    expect.objectContaining({ code: "conflict" }),
  );
  expect(() => assertMove(moves, "open", "gone")).not.toThrow();
});
