import type { Limit } from "../platform/rate-limit.server.ts";

/** Per client address. Applications: enough for a seeker's busy evening, not for a script. */
export const APPLY_LIMIT: Limit = {
  name: "apply",
  max: 10,
  windowSeconds: 15 * 60,
  message: "jobs.problems.tooManyAttempts",
};
/** Alert sign-ups e-mail whatever address is typed: fewer. */
export const ALERT_LIMIT: Limit = {
  name: "alert",
  max: 5,
  windowSeconds: 60 * 60,
  message: "jobs.problems.tooManyAttempts",
};
export const REPORT_LIMIT: Limit = {
  name: "report",
  max: 10,
  windowSeconds: 60 * 60,
  message: "jobs.problems.tooManyAttempts",
};
