// The reasons the report form offers and report.ts's schema checks, kept apart from it so that
// zod stays on the server (decision 0043).

export const REPORT_REASONS = ["scam", "discrimination", "inaccurate", "closed", "other"] as const;
