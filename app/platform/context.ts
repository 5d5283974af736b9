import { createContext } from "react-router";
import type { Auth } from "../auth/auth.server.ts";
import type { Database } from "../db/client.server.ts";
import type { MailDelivery } from "./email.server.ts";
import type { Storage } from "./storage.server.ts";

/** What the HTTP host hands every loader and action through React Router's context. */
export const databaseContext = createContext<Database>();

/** Accounts and sessions (Better Auth), for loaders and actions. */
export const authContext = createContext<Auth>();

/** Uploaded files (profile pictures). */
export const storageContext = createContext<Storage>();

/** Points a player can earn by finishing quiz sets in a day (QUIZ_DAILY_POINTS_CAP). */
export const quizDailyCapContext = createContext<number>();

/** Whether mail leaves through SMTP_URL or goes to the log (and /dev/outbox). */
export const mailDeliveryContext = createContext<MailDelivery>();
