// What the community forms show and the schemas in community.ts check, kept apart from them so
// that zod stays on the server.

export const REVIEW_TEXT = { min: 20, max: 2000 } as const;
export const QUESTION_TEXT = { min: 10, max: 500 } as const;
export const ANSWER_TEXT = { min: 5, max: 1000 } as const;
export const REPORT_DETAILS_MAX = 1000;

export const REVIEW_SORTS = ["newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const REPORT_REASONS = ["spam", "offensive", "personal", "false", "other"] as const;
