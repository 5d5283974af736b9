import { describe, expect, test } from "vitest";
import { parseLocation } from "./location.ts";

describe("parseLocation", () => {
  test.each([
    ["Calgary, AB", { city: "calgary", province: "AB" }],
    ["calgary ab", { city: "calgary", province: "AB" }],
    ["Trois-Rivières, QC", { city: "trois-rivieres", province: "QC" }],
    ["St. John's, NL", { city: "st. john's", province: "NL" }],
    ["Québec, Québec", { city: "quebec", province: "QC" }],
    ["Moncton New Brunswick", { city: "moncton", province: "NB" }],
    ["Victoria, B.C.", { city: "victoria", province: "BC" }],
    ["  Halifax ,  Nova Scotia ", { city: "halifax", province: "NS" }],
  ])("a city and its province, %j", (text, expected) => {
    expect(parseLocation(text)).toEqual(expected);
  });

  test.each([
    ["Alberta", "AB"],
    ["Québec", "QC"],
    ["Quebec", "QC"],
    ["Colombie-Britannique", "BC"],
    ["british columbia", "BC"],
    ["Île-du-Prince-Édouard", "PE"],
    ["Terre-Neuve-et-Labrador", "NL"],
    ["Newfoundland and Labrador", "NL"],
    ["Territoires du Nord-Ouest", "NT"],
    ["Nouvelle-Écosse", "NS"],
    ["ON", "ON"],
  ])("a province alone, by code or English or French name: %j", (text, province) => {
    expect(parseLocation(text)).toEqual({ city: "", province });
  });

  test.each([
    ["Montréal", "montreal"],
    ["toronto", "toronto"],
    ["Moncton", "moncton"],
    ["Labrador City", "labrador city"],
    ["Calgary,", "calgary"],
    ["", ""],
  ])("anything else is part of a city's name: %j", (text, city) => {
    expect(parseLocation(text)).toEqual({ city });
  });
});
