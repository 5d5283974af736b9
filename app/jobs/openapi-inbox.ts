import {
  type ApiArea,
  errorResponse,
  jsonResponse,
  SIGNED_IN,
  schemaRef,
  sharedResponse,
} from "../platform/openapi.ts";
import {
  applicationMovedSchema,
  applicationMoveSchema,
  employerApplicationSchema,
  employerApplicationsSchema,
} from "./application-status.ts";

const TAG = "Employer applications";

const idParameter = (description: string) => ({
  name: "id",
  in: "path" as const,
  required: true,
  schema: { type: "integer", minimum: 1, maximum: 999_999_999 },
  description,
});

const notFound = errorResponse(
  "No such posting or application, or the session's player is neither a member of its employer nor staff",
  ["not_found"],
);

/** An employer's applications: its postings' inboxes and the moves of each application. */
export const inboxApi: ApiArea = {
  tag: {
    name: TAG,
    description:
      "What an employer's members (and staff) do for it, authorized by the session cookie: anyone else gets the 404, as if nothing were there.",
  },
  schemas: {
    EmployerApplication: employerApplicationSchema,
    EmployerApplications: employerApplicationsSchema,
    ApplicationMove: applicationMoveSchema,
    ApplicationMoved: applicationMovedSchema,
  },
  paths: {
    "/api/employer/jobs/{id}/applications": {
      get: {
        operationId: "listJobApplications",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "A posting's applications",
        description:
          "Every application to one of the employer's postings, oldest first, with its status, interviews and whether Ontario's 45-day rule is overdue.",
        parameters: [idParameter("The posting's id")],
        responses: {
          "200": jsonResponse("The posting's applications", "EmployerApplications"),
          "404": notFound,
          "405": errorResponse("Only GET is answered here", ["method_not_allowed"]),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/employer/applications/{id}": {
      patch: {
        operationId: "moveApplication",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "Move an application",
        description:
          "The inbox form's move, with its rules: received → under_review → interviewing (`interviewAt`: the interview's date-time, with an offset, or without one for Eastern time; again for another interview) → offer → hired, or not_selected before a decision. `from`, when given, is the status the client last saw: if it changed meanwhile the answer is the 409 naming who moved it. The applicant is e-mailed in their language and the move is in the audit trail.",
        parameters: [idParameter("The application's id")],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: schemaRef("ApplicationMove"),
              example: { status: "interviewing", interviewAt: "2026-12-03T14:30:00-05:00" },
            },
          },
        },
        responses: {
          "200": jsonResponse("Moved", "ApplicationMoved"),
          "400": errorResponse(
            "An unknown status, or no interview date-time for `interviewing`; `details` lists each problem",
            ["invalid_parameters", "invalid_json"],
          ),
          "403": sharedResponse("CrossSite"),
          "404": notFound,
          "405": errorResponse("Only PATCH is answered here", ["method_not_allowed"]),
          "409": errorResponse(
            "The move is not allowed from the application's status, or another member moved it first (the message names them)",
            ["conflict", "already_handled"],
          ),
          "500": sharedResponse("InternalError"),
        },
      },
    },
  },
};
