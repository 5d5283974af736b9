import { createContext } from "react-router";
import type { Auth } from "../auth/auth.server.ts";
import type { Database } from "../db/client.server.ts";
import type { Storage } from "./storage.server.ts";

/** What the HTTP host hands every loader and action through React Router's context. */
export const databaseContext = createContext<Database>();

/** Accounts and sessions (Better Auth), for loaders and actions. */
export const authContext = createContext<Auth>();

/** Uploaded files (profile pictures). */
export const storageContext = createContext<Storage>();

/** The address visitors use (BASE_URL, from app/platform/config.server.ts): links and origins. */
export const baseUrlContext = createContext<string>();

/** Points a player can earn by finishing quiz sets in a day (QUIZ_DAILY_POINTS_CAP). */
export const quizDailyCapContext = createContext<number>();

/**
 * Whether /dev/outbox may open: only when the server was started to show it (DEV_OUTBOX, which
 * `npm start` sets), since its messages hold sign-in links.
 */
export const devOutboxContext = createContext<boolean>();

/** Where authors ask moderators for a second look (MODERATION_REPLY_TO). */
export const moderationReplyToContext = createContext<string>();
