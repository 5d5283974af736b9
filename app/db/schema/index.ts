/**
 * Every table, for the database client and drizzle-kit only. Areas import their own schema file
 * (`schema/quiz.ts`…), never this one nor another area's (see biome.json).
 */
export * from "./accounts.ts";
export * from "./blog.ts";
export * from "./directory.ts";
export * from "./jobs.ts";
export * from "./platform.ts";
export * from "./players.ts";
export * from "./pricing.ts";
export * from "./quiz.ts";
export * from "./shop.ts";
