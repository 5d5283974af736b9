import { describe, expect, it } from "vitest";
import { isDecentName } from "./names.ts";

describe("isDecentName", () => {
  it.each([
    "fuck",
    "Big Shit Energy",
    "bitch queen",
    "merde",
    "Putain de joueur",
    "Le connard",
    "enculé",
    "ENCULÉ",
    "salope",
    "fück",
  ])("refuses %j", (name) => {
    expect(isDecentName(name)).toBe(false);
  });

  it.each([
    "Scunthorpe",
    "Dick's Hardware",
    "Concordia",
    "Concorde",
    "Cockburn",
    "Assiniboine",
    "Cassandra",
    "Hancock",
    "Élodie B.",
    "Sébastien",
    "blue-otter-4821",
  ])("allows %j", (name) => {
    expect(isDecentName(name)).toBe(true);
  });
});
