import { describe, expect, test } from "vitest";
import { cityCentre, inCanada, parseLocation } from "./location.ts";

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

describe("cityCentre", () => {
  test("a city the table knows, however it is written", () => {
    expect(cityCentre("Trois-Rivières", "QC")).toEqual({ latitude: 46.343, longitude: -72.543 });
    expect(cityCentre("st john’s", "NL")).toEqual({ latitude: 47.5615, longitude: -52.7126 });
    expect(cityCentre("  MONTRÉAL ", "QC")).toEqual({ latitude: 45.5019, longitude: -73.5674 });
  });

  test("another city: its province's capital, inside Canada", () => {
    expect(cityCentre("Rimouski", "QC")).toEqual({ latitude: 46.8139, longitude: -71.208 });
    expect(cityCentre("London", "NB")).toEqual({ latitude: 45.9636, longitude: -66.6431 });
    expect(inCanada(cityCentre("Nowhere", "NU"))).toBe(true);
    expect(inCanada({ latitude: 48.85, longitude: 2.35 })).toBe(false);
  });
});
