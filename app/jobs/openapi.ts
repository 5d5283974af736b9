import {
  type ApiArea,
  errorResponse,
  jsonResponse,
  PUBLIC,
  queryParameters,
  SESSION_OPTIONAL,
  SIGNED_IN,
  schemaRef,
  sharedResponse,
} from "../platform/openapi.ts";
import { RESUME_MAX_BYTES } from "./application.ts";
import { COUNT_CAP } from "./links.ts";
import { newPostingRequestSchema, postingPatchSchema } from "./posting-schema.ts";
import { jobSearchSchema, MAX_PAGE, PAGE_SIZE } from "./search.ts";
import {
  employerJobSchema,
  jobApplicationSchema,
  jobDetailSchema,
  jobPageSchema,
  jobSummarySchema,
} from "./types.ts";

const TAG = "Jobs";

const RULES_TEXT =
  "The posting is checked by the same schema and rules as the employer's form and the seed's postings: a pay range always, Ontario's spread of at most $50,000 for ranges up to $200,000 a year and its statements on AI screening and on whether the vacancy exists, no \"Canadian experience\", a closing date at most 120 days ahead, at most 5 screening questions (answers never reject anyone by themselves). Each problem is in `details`, named by its field's path (`pay.maxCents`), in the request's language.";

/** The job board's part of the API document: the list, one posting, applying. */
export const jobsApi: ApiArea = {
  tag: {
    name: TAG,
    description:
      "Job postings and applications. Every posting states its pay range; contact e-mails are never shown.",
  },
  schemas: {
    JobSummary: jobSummarySchema,
    JobPage: jobPageSchema,
    JobDetail: jobDetailSchema,
    JobApplication: jobApplicationSchema,
    NewEmployerJob: newPostingRequestSchema,
    EmployerJobPatch: postingPatchSchema,
    EmployerJob: employerJobSchema,
  },
  paths: {
    "/api/jobs": {
      get: {
        operationId: "searchJobs",
        tags: [TAG],
        security: PUBLIC,
        summary: "Search job postings",
        description: `Open postings matching every given filter, newest first, ${PAGE_SIZE} a page. Keywords match titles (both languages), company and skills; location matches the city, the province's code or name (either language) and the postal code's first three characters (a whole postal code counts as those three). Both ignore case and accents, every word must be found, and words of one or two characters match whole words only. Matches are counted up to ${COUNT_CAP}: past that, \`totalCapped\` is true and pages stop at the ${MAX_PAGE}th.`,
        parameters: queryParameters(jobSearchSchema, {
          keywords: "Words of the title, company or skills",
          location: "City, province (code or name) or postal code",
          posted:
            "Posted within the last 1, 3 or 7 days (24, 72 or 168 hours); empty or absent for any date",
          employerType:
            "Employer types to keep; repeat for several; none (or all) keeps every type",
          workSetting:
            "Work settings to keep; repeat for several; none (or all) keeps every setting",
          page: "Which page of results; the first when absent",
        }),
        responses: {
          "200": jsonResponse("One page of results", "JobPage"),
          "400": errorResponse(
            "A parameter is wrong: text over 100 characters, an unknown choice, or a page out of range; `details` lists each problem",
            ["invalid_parameters"],
          ),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/jobs/{id}": {
      get: {
        operationId: "getJob",
        tags: [TAG],
        security: PUBLIC,
        summary: "One job posting",
        description:
          "Everything the job's page shows, closed postings included (`open` is then false).",
        parameters: [
          {
            name: "id",
            in: "path",
            required: true,
            schema: { type: "integer", minimum: 1, maximum: 999_999_999 },
            description: "The posting's id, as the search gives it",
          },
        ],
        responses: {
          "200": jsonResponse("The posting", "JobDetail"),
          "404": errorResponse("No posting has this id", ["not_found"]),
          "410": errorResponse("The moderators removed this posting", ["gone"]),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/jobs/{id}/applications": {
      post: {
        operationId: "applyToJob",
        tags: [TAG],
        security: SESSION_OPTIONAL,
        summary: "Apply to a job",
        description: `The Apply form: full name, e-mail, contact number, CV and an optional summary. The CV must be a PDF by its bytes (it starts with \`%PDF-\`) of at most ${RESUME_MAX_BYTES / 1024 / 1024} MB; a refused file is not kept. The application and CV are stored privately, the posting's contact receives them by e-mail (the CV attached) and the applicant a confirmation in the request's language (\`Accept-Language\`). One application per e-mail address per posting. Attempts are limited per client address.`,
        parameters: [
          {
            name: "id",
            in: "path",
            required: true,
            schema: { type: "integer", minimum: 1, maximum: 999_999_999 },
            description: "The posting's id",
          },
        ],
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["fullName", "email", "contactNo", "resume"],
                properties: {
                  fullName: { type: "string", maxLength: 100, example: "Marie-Ève Tremblay" },
                  email: { type: "string", format: "email", maxLength: 254 },
                  contactNo: {
                    type: "string",
                    maxLength: 40,
                    description: "A Canadian or toll-free phone number",
                    example: "514 555 0123",
                  },
                  summary: { type: "string", maxLength: 2000 },
                  resume: { type: "string", format: "binary", description: "The CV, a PDF file" },
                },
              },
            },
          },
        },
        responses: {
          "201": jsonResponse("Stored and sent", "JobApplication"),
          "400": errorResponse(
            "A field is missing or wrong (name, e-mail, phone, summary, no CV); `details` lists each problem",
            ["invalid_parameters", "invalid_text"],
          ),
          "403": sharedResponse("CrossSite"),
          "404": errorResponse("No posting has this id", ["not_found"]),
          "405": errorResponse("Only POST is answered here", ["method_not_allowed"]),
          "409": errorResponse(
            "This e-mail address already applied to this posting, or the posting no longer takes applications",
            ["conflict"],
          ),
          "413": errorResponse(
            `The CV is over ${RESUME_MAX_BYTES / 1024 / 1024} MB, or the body over the server's limit`,
            ["payload_too_large"],
          ),
          "415": errorResponse(
            "The CV is not a PDF that parses (HTML behind a PDF header, a cut or encrypted file), it carries JavaScript, a Launch action, an embedded file or an /OpenAction action, or the body is not multipart form data",
            ["unsupported_media_type"],
          ),
          "429": errorResponse(
            "Too many applications from this client address; try again after `Retry-After` seconds",
            ["too_many_requests"],
            {
              "Retry-After": {
                description: "Seconds to wait before trying again",
                schema: { type: "integer", minimum: 1 },
              },
            },
          ),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/employer/jobs": {
      post: {
        operationId: "createEmployerJob",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "Post a job for an employer",
        description: `For an employer the signed-in player is a member of (or staff). Saved as a draft, or published when \`publish\` is true: at once for a verified employer, held for staff otherwise (\`held\`). ${RULES_TEXT}`,
        requestBody: {
          required: true,
          content: { "application/json": { schema: schemaRef("NewEmployerJob") } },
        },
        responses: {
          "201": jsonResponse("Stored, with its status", "EmployerJob"),
          "400": errorResponse(
            "The body is not JSON, or a field is missing, unknown or breaks a rule; `details` lists each problem beside its field",
            ["invalid_parameters", "invalid_json"],
          ),
          "401": sharedResponse("Unauthorized"),
          "403": sharedResponse("CrossSite"),
          "404": errorResponse("No employer with this id that the player acts for", ["not_found"]),
          "405": errorResponse("Only POST is answered here", ["method_not_allowed"]),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/employer/jobs/{id}": {
      patch: {
        operationId: "updateEmployerJob",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "Edit, publish, close or repost an employer's job",
        description: `The fields given replace the stored ones; the whole posting is then checked again. \`status\`: \`published\` publishes a draft (held for staff if the employer is not verified) or reposts a closed posting with the new \`closesOn\` given; \`closed\` closes a published one. A closed posting is not edited (409) until reposted. ${RULES_TEXT}`,
        parameters: [
          {
            name: "id",
            in: "path",
            required: true,
            schema: { type: "integer", minimum: 1, maximum: 999_999_999 },
            description: "The posting's id",
          },
        ],
        requestBody: {
          required: true,
          content: { "application/json": { schema: schemaRef("EmployerJobPatch") } },
        },
        responses: {
          "200": jsonResponse("Changed, with its status", "EmployerJob"),
          "400": errorResponse(
            "The body is not JSON, or a field is unknown or breaks a rule; `details` lists each problem beside its field",
            ["invalid_parameters", "invalid_json"],
          ),
          "401": sharedResponse("Unauthorized"),
          "403": sharedResponse("CrossSite"),
          "404": errorResponse("No posting with this id of an employer the player acts for", [
            "not_found",
          ]),
          "405": errorResponse("Only PATCH is answered here", ["method_not_allowed"]),
          "409": errorResponse(
            "The move is not allowed from the posting's status (closing a draft, editing a closed posting)",
            ["conflict"],
          ),
          "500": sharedResponse("InternalError"),
        },
      },
    },
  },
};
