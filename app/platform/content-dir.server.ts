import path from "node:path";

/** Seed data and page texts; the server always runs from the project's root folder. */
export const CONTENT_DIR = path.resolve("content");
