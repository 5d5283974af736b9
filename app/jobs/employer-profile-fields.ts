// What the employer profile's form needs in the browser, kept apart from employer-profile.ts so
// that its zod schema stays on the server.

/** The longest text each field takes: the inputs' `maxLength` and the schema's limits. */
export const EMPLOYER_PROFILE_MAX = { name: 120, website: 300, description: 2000 } as const;

/** The form's fields in the order a person fills them (and the order of their messages). */
export const EMPLOYER_PROFILE_FIELDS = [
  "name",
  "logo",
  "website",
  "descriptionEn",
  "descriptionFr",
  "province",
  "contactEmail",
] as const;
