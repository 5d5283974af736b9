import { createContext } from "react-router";
import type { Auth } from "../auth/auth.server.ts";
import { type ChangeFeed, NO_CHANGE_FEED } from "../db/changes.server.ts";
import type { Database } from "../db/client.server.ts";
import type { PageCache } from "./page-cache.server.ts";
import type { Storage } from "./storage.server.ts";

/** What the HTTP host hands every loader and action through React Router's context. */
export const databaseContext = createContext<Database>();

/** Accounts and sessions (Better Auth), for loaders and actions. */
export const authContext = createContext<Auth>();

/** Uploaded files (profile pictures). */
export const storageContext = createContext<Storage>();

/** The address visitors use (BASE_URL, from app/platform/config.server.ts): links and origins. */
export const baseUrlContext = createContext<string>();

/** Where buyers send their Interac e-Transfers (INTERAC_EMAIL). */
export const interacEmailContext = createContext<string>();

/** Points a player can earn by finishing quiz sets in a day (QUIZ_DAILY_POINTS_CAP). */
export const quizDailyCapContext = createContext<number>();

/** Where players write to appeal a moderation decision (MODERATION_REPLY_TO). */
export const moderationReplyToContext = createContext<string>();

/**
 * Whether /dev/outbox may open: only when the server was started to show it (DEV_OUTBOX, which
 * `npm start` sets), since its messages hold sign-in links.
 */
export const devOutboxContext = createContext<boolean>();

/**
 * The visitors' page cache of this process, for an action whose change visitors must see at once
 * (a staff edit); without a cache (tests, PAGE_CACHE_SECONDS=0) clearing does nothing.
 */
export const pageCacheContext = createContext<PageCache>({ clear() {} });

/**
 * Set only by the host, when it renders a visitor's page to serve children under 14 from
 * (decision 0078): the page is made as a child sees it, with nothing for sale.
 */
export const nothingForSaleContext = createContext<boolean>(false);

/**
 * Set only by the host, when it renders a page sent without scripts (the staff console): its words
 * come from the server's translator, so the root sends no messages either (decision 0081).
 */
export const pageWithoutScriptsContext = createContext<boolean>(false);

/**
 * This process's signal that what the staff queue shows may have changed (migration 0053): the
 * queue's first page is kept while it holds. Without one (tests, scripts), nothing is kept.
 */
export const staffQueueChangesContext = createContext<ChangeFeed>(NO_CHANGE_FEED);
