import {
  type ApiArea,
  errorResponse,
  type Parameter,
  PUBLIC,
  type Schema,
  SESSION_OPTIONAL,
  schemaRef,
  sharedResponse,
} from "../platform/openapi.ts";
import { PROVINCES } from "../platform/provinces.ts";
import { RESUME_MAX_BYTES } from "./application.ts";
import { COUNT_CAP, POSTED_WITHIN, SEARCH_TEXT_MAX } from "./links.ts";
import { EMPLOYER_TYPES, EMPLOYMENT_TYPES, PAY_PERIODS, WORK_SETTINGS } from "./posting.ts";
import { MAX_PAGE, PAGE_SIZE } from "./search.ts";

const TAG = "Jobs";

const localizedText: Schema = {
  type: "object",
  required: ["en-CA", "fr-CA"],
  properties: { "en-CA": { type: "string" }, "fr-CA": { type: "string" } },
};
const localizedList: Schema = {
  type: "object",
  required: ["en-CA", "fr-CA"],
  properties: {
    "en-CA": { type: "array", items: { type: "string" } },
    "fr-CA": { type: "array", items: { type: "string" } },
  },
};

const jobSummary: Schema = {
  type: "object",
  required: [
    "id",
    "title",
    "company",
    "companyLogo",
    "city",
    "province",
    "workSetting",
    "employerType",
    "employmentType",
    "pay",
    "overview",
    "postedAt",
    "updatedAt",
  ],
  properties: {
    id: { type: "integer", example: 12 },
    title: localizedText,
    company: { type: "string", example: "Northwind Software" },
    companyLogo: { type: "string", description: "Path of the logo on this site" },
    city: { type: "string", example: "Toronto" },
    province: { type: "string", enum: PROVINCES, example: "ON" },
    workSetting: { type: "string", enum: [...WORK_SETTINGS] },
    employerType: { type: "string", enum: [...EMPLOYER_TYPES] },
    employmentType: { type: "string", enum: [...EMPLOYMENT_TYPES] },
    pay: {
      type: "object",
      description:
        "Every posting states its pay range (Canadian pay-transparency rules); minimum and maximum may be equal",
      required: ["minCents", "maxCents", "period"],
      properties: {
        minCents: { type: "integer", minimum: 1, example: 9_800_000 },
        maxCents: { type: "integer", minimum: 1, example: 12_800_000 },
        period: { type: "string", enum: [...PAY_PERIODS] },
      },
    },
    overview: localizedText,
    postedAt: { type: "string", format: "date-time" },
    updatedAt: { type: "string", format: "date-time" },
  },
};

const jobDetail: Schema = {
  allOf: [
    schemaRef("JobSummary"),
    {
      type: "object",
      required: ["reference", "postalCode", "skills", "description", "closesAt", "open", "ontario"],
      properties: {
        reference: { type: "string", example: "NB-ON-001" },
        postalCode: { type: "string", example: "M5V 2T6" },
        skills: localizedList,
        description: {
          ...localizedText,
          description:
            "Plain text: lines starting with `## ` are headings, `- ` list items, others paragraphs",
        },
        closesAt: { type: "string", format: "date-time" },
        open: {
          type: "boolean",
          description: "False once closed or past `closesAt`: applications are then refused",
        },
        ontario: {
          type: ["object", "null"],
          description:
            "Ontario's statements (postings from 1 January 2026): whether AI screens applicants and whether the vacancy exists now",
          required: ["aiScreening", "existingVacancy"],
          properties: {
            aiScreening: { type: "boolean" },
            existingVacancy: { type: "boolean" },
          },
        },
      },
    },
  ],
};

const json = (schema: Schema) => ({ "application/json": { schema } });

const choices = (name: string, values: readonly string[], description: string): Parameter => ({
  name,
  in: "query",
  description,
  schema: { type: "array", items: { type: "string", enum: [...values] } },
  style: "form",
  explode: true,
});

/** The job board's part of the API document: the list, one posting, applying. */
export const jobsApi: ApiArea = {
  tag: {
    name: TAG,
    description:
      "Job postings and applications. Every posting states its pay range; contact e-mails are never shown.",
  },
  schemas: { JobSummary: jobSummary, JobDetail: jobDetail },
  paths: {
    "/api/jobs": {
      get: {
        operationId: "searchJobs",
        tags: [TAG],
        security: PUBLIC,
        summary: "Search job postings",
        description: `Open postings matching every given filter, newest first, ${PAGE_SIZE} a page. Keywords match titles (both languages), company and skills; location matches the city, the province's code or name (either language) and the postal code's first three characters (a whole postal code counts as those three). Both ignore case and accents, every word must be found, and words of one or two characters match whole words only. Matches are counted up to ${COUNT_CAP}: past that, \`totalCapped\` is true and pages stop at the ${MAX_PAGE}th.`,
        parameters: [
          {
            name: "keywords",
            in: "query",
            schema: { type: "string", maxLength: SEARCH_TEXT_MAX },
            description: "Words of the title, company or skills",
          },
          {
            name: "location",
            in: "query",
            schema: { type: "string", maxLength: SEARCH_TEXT_MAX },
            description: "City, province (code or name) or postal code",
          },
          {
            name: "posted",
            in: "query",
            schema: { type: "string", enum: Object.keys(POSTED_WITHIN) },
            description:
              "Posted within the last 1, 3 or 7 days (24, 72 or 168 hours); absent for any date",
          },
          choices(
            "employerType",
            EMPLOYER_TYPES,
            "Employer types to keep; repeat for several; none (or all) keeps every type",
          ),
          choices(
            "workSetting",
            WORK_SETTINGS,
            "Work settings to keep; repeat for several; none (or all) keeps every setting",
          ),
          {
            name: "page",
            in: "query",
            schema: { type: "integer", minimum: 1, maximum: MAX_PAGE, default: 1 },
            description: "Which page of results",
          },
        ],
        responses: {
          "200": {
            description: "One page of results",
            content: json({
              type: "object",
              required: ["items", "total", "totalCapped", "page", "pageSize", "pages"],
              properties: {
                items: { type: "array", items: schemaRef("JobSummary") },
                total: {
                  type: "integer",
                  maximum: COUNT_CAP,
                  description: `Matches, counted up to ${COUNT_CAP}`,
                },
                totalCapped: {
                  type: "boolean",
                  description: `More than ${COUNT_CAP} postings match`,
                },
                page: { type: "integer" },
                pageSize: { type: "integer", example: PAGE_SIZE },
                pages: { type: "integer", maximum: MAX_PAGE },
              },
            }),
          },
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
          "200": { description: "The posting", content: json(schemaRef("JobDetail")) },
          "404": errorResponse("No posting has this id", ["not_found"]),
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
          "201": {
            description: "Stored and sent",
            content: json({
              type: "object",
              required: ["id", "jobId", "createdAt"],
              properties: {
                id: { type: "integer" },
                jobId: { type: "integer" },
                createdAt: { type: "string", format: "date-time" },
              },
            }),
          },
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
  },
};
