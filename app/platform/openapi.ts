import { z } from "zod";
import { apiErrorBodySchema, ERRORS, type ErrorCode } from "./errors.ts";
/**
 * The parts of the OpenAPI document every area shares (info, servers, the session cookie, the
 * error body and the error responses common to all routes) and the assembler that joins the
 * areas' own paths into one document. Each area describes its paths beside its code
 * (app/<area>/openapi*.ts); app/openapi.server.ts lists the areas.
 */

export type Schema = Record<string, unknown>;
export type Ref = { $ref: string };

export type Parameter = {
  name: string;
  in: "query" | "path" | "header" | "cookie";
  description: string;
  required?: boolean;
  schema: Schema;
  /** For a query parameter that may repeat (`?a=1&a=2`): "form" with `explode: true`. */
  style?: "form";
  explode?: boolean;
};

export type Response = {
  description: string;
  headers?: Record<string, { description: string; schema: Schema }>;
  content?: Record<string, { schema: Schema; example?: unknown }>;
};

export type RequestBody = {
  required: boolean;
  content: Record<string, { schema: Schema; example?: unknown }>;
};

export type Operation = {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  /** Public operations say `[]`; see PUBLIC, SIGNED_IN and SESSION_OPTIONAL. */
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: RequestBody;
  responses: Record<string, Response | Ref>;
};

export const METHODS = ["get", "post", "put", "patch", "delete"] as const;
export type Method = (typeof METHODS)[number];
type PathItem = Partial<Record<Method, Operation>>;

/**
 * What an area adds to the document: its tag, its paths and the zod schemas they refer to by name
 * (request bodies and answers alike). Every named schema of the document is generated from zod.
 */
export type ApiArea = {
  tag: { name: string; description: string };
  paths: Record<`/api/${string}`, PathItem>;
  schemas?: Record<string, z.ZodType>;
};

const SESSION_COOKIE = "sessionCookie";

/** For `security`: anyone may call the operation. */
export const PUBLIC: Operation["security"] = [];
/** For `security`: the operation needs a signed-in player's session cookie. */
export const SIGNED_IN: Operation["security"] = [{ [SESSION_COOKIE]: [] }];
/** For `security`: works for visitors, and acts on the player's session when the cookie is sent. */
export const SESSION_OPTIONAL: Operation["security"] = [{}, { [SESSION_COOKIE]: [] }];

/** Every `error.code` of the JSON API with the status it answers with, from the one typed list. */
export const ERROR_STATUS: Record<ErrorCode, number> = ERRORS;

export type { ErrorCode };

const SCHEMAS = "#/components/schemas/";

export const schemaRef = (name: string): Ref => ({ $ref: `${SCHEMAS}${name}` });

/**
 * A JSON answer whose body is the named schema of an area's `schemas` (a zod schema, so the route
 * that answers with it is typed against the same schema: see `jsonAnswer` in api.ts).
 */
export function jsonResponse(description: string, schema: string, example?: unknown): Response {
  return {
    description,
    content: {
      "application/json": {
        schema: schemaRef(schema),
        ...(example !== undefined ? { example } : {}),
      },
    },
  };
}

/** An error answer naming the codes it may carry; the first one is its example. */
export function errorResponse(
  description: string,
  codes: [ErrorCode, ...ErrorCode[]],
  headers?: Response["headers"],
): Response {
  return {
    description: `${description} (\`${codes.join("`, `")}\`)`,
    ...(headers && { headers }),
    content: {
      "application/json": {
        schema: schemaRef("Error"),
        example: { error: { code: codes[0], message: "…" } },
      },
    },
  };
}

const sharedResponses = {
  Unauthorized: errorResponse("Not signed in: no session cookie, or its session ended", [
    "unauthorized",
  ]),
  CrossSite: errorResponse(
    "Refused: the browser says the request comes from another site (`Origin` of another host, or `Sec-Fetch-Site: cross-site`)",
    ["cross_site"],
  ),
  PayloadTooLarge: errorResponse(
    "The request body is over the server's limit (`MAX_BODY_BYTES`, 6 MB by default)",
    ["payload_too_large"],
  ),
  InternalError: errorResponse("Something unexpected failed; the details are only logged", [
    "internal_error",
  ]),
} satisfies Record<string, Response>;

export type SharedResponse = keyof typeof sharedResponses;

export const sharedResponse = (name: SharedResponse): Ref => ({
  $ref: `#/components/responses/${name}`,
});

/**
 * A zod schema's JSON Schema, as a client must send it (the input side): the document's request
 * bodies and parameters come from the schemas the routes check them with, so they cannot drift.
 * `prose` adds a description to properties by name.
 */
export function inputSchema(schema: z.ZodType, prose: Record<string, string> = {}): Schema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
  }) as Schema;
  const properties = json.properties as Record<string, Schema> | undefined;
  for (const [name, description] of Object.entries(prose))
    if (properties?.[name]) properties[name] = { ...properties[name], description };
  return json;
}

/** The query parameters of a route's zod query schema (an object), described by `prose`. */
export function queryParameters(schema: z.ZodType, prose: Record<string, string>): Parameter[] {
  const json = inputSchema(schema);
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries((json.properties ?? {}) as Record<string, Schema>).map(
    ([name, parameter]) => ({
      name,
      in: "query",
      description: prose[name] ?? "",
      ...(required.has(name) && !("default" in parameter) ? { required: true } : {}),
      schema: parameter,
    }),
  );
}

/**
 * The named schemas as JSON Schema, all from zod in one pass: a named schema used inside another
 * becomes a `$ref` to it. The input side (`io: "input"`) is the wire: what a client reads and sends.
 */
function componentSchemas(named: Record<string, z.ZodType>): Record<string, Schema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) {
    if (registry.has(schema))
      throw new Error(`${id} is the schema ${registry.get(schema)?.id} too`);
    registry.add(schema, { id });
  }
  const { schemas } = z.toJSONSchema(registry, {
    io: "input",
    unrepresentable: "any",
    uri: (id) => `${SCHEMAS}${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...json }]) => [id, json]),
  );
}

/**
 * A success answer's JSON body must be a named (zod) schema: a hand-written schema in its place
 * stops the document from being built.
 */
function checkSuccessBodies(paths: ApiArea["paths"], schemas: Record<string, Schema>) {
  for (const [path, item] of Object.entries(paths))
    for (const [method, operation] of Object.entries(item))
      for (const [status, response] of Object.entries(operation.responses)) {
        const schema = "content" in response && response.content?.["application/json"]?.schema;
        if (!status.startsWith("2") || !schema) continue;
        const name = typeof schema.$ref === "string" ? schema.$ref.slice(SCHEMAS.length) : "";
        if (!schema.$ref?.toString().startsWith(SCHEMAS) || !(name in schemas))
          throw new Error(`${method} ${path} ${status}: the body is not a named zod schema`);
      }
}

/** The whole document: the shared parts, then each area's tag, paths and schemas. */
export function assembleApiDocument(areas: ApiArea[]) {
  const paths: ApiArea["paths"] = {};
  const named: Record<string, z.ZodType> = { Error: apiErrorBodySchema };
  for (const area of areas) {
    for (const [path, item] of Object.entries(area.paths)) {
      if (path in paths) throw new Error(`${path} is described by two areas`);
      paths[path as keyof typeof paths] = item;
    }
    for (const [name, schema] of Object.entries(area.schemas ?? {})) {
      if (name in named) throw new Error(`The schema ${name} is described twice`);
      named[name] = schema;
    }
  }
  const schemas = componentSchemas(named);
  checkSuccessBodies(paths, schemas);
  return {
    openapi: "3.1.0",
    info: {
      title: "Nearby API",
      version: "1.0.0",
      termsOfService: "/terms",
      description: [
        "The business directory, the blog, the shop with its cart, the pricing plans, the signed-in player's own record, the Play & Learn quiz, and the account endpoints (Better Auth) under `/api/auth`.",
        "Errors from the app's own routes are JSON `{ error: { code, message, details? } }`, with the message in the request's language (`Accept-Language`: en-CA or fr-CA). A method a path does not list answers 405 `method_not_allowed` with an `Allow` header; an unknown address under `/api` answers 404 `not_found`.",
        "Signing in sets the session cookie `better-auth.session_token` (`__Secure-better-auth.session_token` over HTTPS); browsers send it by themselves. Requests that change something must come from this site: a browser's cross-site request is refused with 403 `cross_site`.",
      ].join("\n\n"),
    },
    servers: [{ url: "/", description: "This site" }],
    tags: areas.map((area) => area.tag),
    paths,
    components: {
      securitySchemes: {
        [SESSION_COOKIE]: {
          type: "apiKey",
          in: "cookie",
          name: "better-auth.session_token",
          description:
            "The session cookie set by signing in or signing up. Over HTTPS its name is `__Secure-better-auth.session_token`.",
        },
      },
      schemas,
      responses: sharedResponses,
    },
  };
}

export type ApiDocument = ReturnType<typeof assembleApiDocument>;
