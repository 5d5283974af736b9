import { z } from "zod";
import type { AlertFilters, AlertFrequency } from "../db/schema/jobs.ts";
import { emailField } from "../platform/email.ts";
import { searchQuery } from "./links.ts";
import { EMPLOYER_TYPES, type EmployerType, WORK_SETTINGS, type WorkSetting } from "./posting.ts";
import { type JobCriteria, jobSearchFields, keptKeywords, keptLocation } from "./search.ts";
import { keywordTerms, locationTerms } from "./search-text.ts";

export type { AlertFilters };

/** How often an alert mails: once a day, or at once as each matching posting is published. */
export const ALERT_FREQUENCIES = ["daily", "instant"] as const satisfies AlertFrequency[];

/**
 * Create Job Alert: an e-mail, how often it mails (daily unless asked) and the list's filters (keywords, location, employer types, work
 * settings; the posted date has no meaning for news). The filters are read as the list reads them.
 */
export const alertFormSchema = jobSearchFields
  .extend({
    email: emailField("jobs.problems.emailInvalid"),
    keywords: keptKeywords,
    location: keptLocation,
    frequency: z.enum(ALERT_FREQUENCIES, "jobs.alerts.frequencyRequired").default("daily"),
  })
  .transform(({ email, frequency, keywords, location, employerType, workSetting }) => ({
    email,
    frequency,
    filters: {
      keywords,
      location,
      employerTypes: employerType,
      workSettings: workSetting,
    } satisfies AlertFilters,
  }));

/** What the search service filters on for an alert's filters. */
export function alertCriteria(filters: AlertFilters): JobCriteria {
  const employerTypes = filters.employerTypes as EmployerType[];
  const workSettings = filters.workSettings as WorkSetting[];
  return {
    keywords: keywordTerms(filters.keywords),
    location: locationTerms(filters.location),
    employerTypes: employerTypes.length === EMPLOYER_TYPES.length ? [] : employerTypes,
    workSettings: workSettings.length === WORK_SETTINGS.length ? [] : workSettings,
  };
}

/** The list's query string for an alert's filters, for "See all matching jobs". */
export function alertQuery(filters: AlertFilters): string {
  return searchQuery({
    keywords: filters.keywords,
    location: filters.location,
    employerType: filters.employerTypes as EmployerType[],
    workSetting: filters.workSettings as WorkSetting[],
  });
}
