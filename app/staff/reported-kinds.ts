/**
 * What people report, as the console's addresses name it (`/staff/reports/review/12`): the
 * directory's reviews, questions, answers, owners' replies and businesses, and job postings. In
 * this order when several wait since the same moment.
 */
export const REPORTED_KINDS = ["review", "question", "answer", "reply", "business", "job"] as const;
export type ReportedKind = (typeof REPORTED_KINDS)[number];
