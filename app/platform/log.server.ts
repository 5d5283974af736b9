import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";
import { type DestinationStream, type Logger, pino } from "pino";

export type Log = Logger;

/** The request a line is written for: every line written while it is served carries its id. */
export const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/**
 * The server's log: one JSON object a line on standard output (decision 0044), or readable lines
 * through pino-pretty in development. Lines written while a request is served carry its id.
 * Nothing here redacts: the request lines hold no header, query or body, and the code logs no
 * player data (app/platform/log.server.test.ts and scripts/request-log.test.ts check it).
 */
export function createLog(options: {
  level: string;
  pretty: boolean;
  /** Where lines go instead of standard output (tests). */
  destination?: DestinationStream;
}): Log {
  const settings = {
    level: options.level,
    base: { pid: process.pid },
    mixin: () => {
      const scope = requestScope.getStore();
      return scope ? { requestId: scope.requestId } : {};
    },
  };
  if (options.destination) return pino(settings, options.destination);
  if (options.pretty) return pino({ ...settings, transport: { target: "pino-pretty" } });
  return pino(settings);
}

/**
 * Sends what the code and its libraries write through `console` to the log, at the matching level:
 * one format for everything the server writes. An Error among the arguments is kept whole (with its
 * stack) under `err`; the rest become the line's message.
 */
export function sendConsoleToLog(log: Log): void {
  const through =
    (level: "debug" | "info" | "warn" | "error") =>
    (...args: unknown[]) => {
      const error = args.find((arg) => arg instanceof Error);
      const rest = args.filter((arg) => arg !== error);
      if (error) log[level]({ err: error }, rest.length ? format(...rest) : error.message);
      else log[level](format(...rest));
    };
  console.debug = through("debug");
  console.log = through("info");
  console.info = through("info");
  console.warn = through("warn");
  console.error = through("error");
}
