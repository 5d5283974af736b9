/**
 * Whether an answer is one the API document promises: a documented status for the operation, never
 * a 5xx, `Allow` on every 405, and a JSON body valid against the documented response schema. Used
 * by app/routes/site/api.openapi.test.ts on real answers and by scripts/fuzz-api.ts on fuzzed ones.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { ApiDocument, Method, Operation, Response } from "../../app/platform/openapi.ts";

// ajv-formats is CommonJS: under Node's ESM its default export is the module object.
const addFormats = ((addFormatsModule as { default?: unknown }).default ??
  addFormatsModule) as typeof addFormatsModule;

/** What came back, as far as the contract goes. */
export type Answer = { status: number; headers: Headers; body: string };

/** JSON Pointer segment escaping (RFC 6901). */
const pointer = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

const DOCUMENT_ID = "openapi.json";

export function apiContract(document: ApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // Multipart file parts: any bytes; nothing here is checked as JSON.
  ajv.addFormat("binary", true);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const validators = new Map<string, ReturnType<typeof ajv.compile>>();

  const responseOf = (operation: Operation, status: number): Response | undefined => {
    const found = operation.responses[String(status)];
    if (!found) return undefined;
    if (!("$ref" in found)) return found;
    const name = found.$ref.split("/").at(-1) as keyof ApiDocument["components"]["responses"];
    return document.components.responses[name];
  };

  /** The problems of one answer to `method path` (a documented template), or none. */
  function check(path: string, method: Method, answer: Answer): string[] {
    const where = `${method.toUpperCase()} ${path} → ${answer.status}`;
    const problems: string[] = [];
    if (answer.status >= 500) problems.push(`${where}: a server error`);
    if (answer.status === 405 && !answer.headers.get("allow"))
      problems.push(`${where}: 405 without Allow`);
    const operation = document.paths[path as keyof typeof document.paths]?.[method];
    if (!operation) return [...problems, `${where}: not a documented operation`];
    // The host answers a method an address does not list with 405 anywhere (the document's intro
    // says so), in the Error shape.
    const status = String(answer.status);
    const documented = responseOf(operation, answer.status);
    if (!documented && answer.status !== 405)
      return [...problems, `${where}: the status is not documented`];
    const jsonContent = documented ? documented.content?.["application/json"] : true;
    const isJson = answer.headers.get("content-type")?.includes("json");
    if (!jsonContent) return problems;
    if (!isJson) return [...problems, `${where}: documented as JSON, answered otherwise`];
    const key = `${path} ${method} ${status}`;
    let validate = validators.get(key);
    if (!validate) {
      const found = operation.responses[status];
      const ref = !found
        ? `${DOCUMENT_ID}#/components/schemas/Error`
        : "$ref" in found
          ? `${DOCUMENT_ID}${found.$ref}/content/application~1json/schema`
          : `${DOCUMENT_ID}#/paths/${pointer(path)}/${method}/responses/${status}/content/application~1json/schema`;
      validate = ajv.compile({ $ref: ref });
      validators.set(key, validate);
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return [...problems, `${where}: the body is not JSON`];
    }
    if (!validate(body))
      problems.push(
        `${where}: ${ajv.errorsText(validate.errors, { dataVar: "body" })} in ${answer.body.slice(0, 300)}`,
      );
    return problems;
  }

  return { check };
}
