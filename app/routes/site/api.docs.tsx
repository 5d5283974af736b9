import { apiDocument } from "../../openapi.server.ts";
import {
  type ApiDocument,
  METHODS,
  type Operation,
  type Parameter,
  type Ref,
  type Response,
} from "../../platform/openapi.ts";
import type { Route } from "./+types/api.docs";

/** The document stays on the server; the page gets it as data, not in its JavaScript. */
export const loader = () => apiDocument;

/** A readable page for people: every endpoint, who may call it, its inputs and its answers. */
export default function ApiDocs({ loaderData: document }: Route.ComponentProps) {
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ path, method, operation }] : [];
    }),
  );
  return (
    <article className="mx-auto max-w-4xl px-4 py-12" lang="en-CA">
      <title>Nearby API</title>
      <h1 className="text-4xl font-bold">{document.info.title}</h1>
      {document.info.description.split("\n\n").map((paragraph) => (
        <p key={paragraph} className="mt-4 text-lg text-slate-700">
          <Text>{paragraph}</Text>
        </p>
      ))}
      <p className="mt-4">
        Machine-readable description:{" "}
        <a href="/api/openapi.json" className="text-brand-700 underline">
          /api/openapi.json
        </a>{" "}
        (OpenAPI {document.openapi}).
      </p>
      {document.tags.map((tag) => (
        <section key={tag.name} aria-labelledby={`tag-${tag.name}`} className="mt-12">
          <h2 id={`tag-${tag.name}`} className="text-2xl font-bold">
            {tag.name}
          </h2>
          <p className="mt-2 text-slate-700">
            <Text>{tag.description}</Text>
          </p>
          {operations
            .filter(({ operation }) => operation.tags.includes(tag.name))
            .map(({ path, method, operation }) => (
              <OperationCard
                key={operation.operationId}
                path={path}
                method={method}
                operation={operation}
                document={document}
              />
            ))}
        </section>
      ))}
    </article>
  );
}

function OperationCard({
  path,
  method,
  operation,
  document,
}: {
  path: string;
  method: string;
  operation: Operation;
  document: ApiDocument;
}) {
  return (
    <section
      id={operation.operationId}
      className="mt-6 rounded-2xl p-6 ring-1 ring-slate-200"
      aria-label={`${method.toUpperCase()} ${path}`}
    >
      <h3 className="font-mono text-xl font-semibold break-all">
        <span className="mr-2 rounded bg-brand-700 px-2 py-0.5 text-sm text-white">
          {method.toUpperCase()}
        </span>
        {path}
      </h3>
      <p className="mt-2 font-semibold">{operation.summary}</p>
      <p className="mt-1 text-slate-700">
        <Text>{operation.description}</Text>
      </p>
      <p className="mt-2 text-sm">
        <span className="font-semibold">Access:</span> {access(operation.security)} ·{" "}
        <span className="font-semibold">operationId:</span>{" "}
        <code className="font-mono">{operation.operationId}</code>
      </p>
      {operation.parameters && <Parameters path={path} parameters={operation.parameters} />}
      {operation.requestBody && (
        <>
          <h4 className="mt-4 font-semibold">Body</h4>
          <p className="mt-1">
            {Object.keys(operation.requestBody.content).map((type, index) => (
              <span key={type}>
                {index > 0 && ", "}
                <code className="font-mono">{type}</code>
              </span>
            ))}
          </p>
          {Object.entries(operation.requestBody.content).map(
            ([type, media]) =>
              media.example !== undefined && (
                <pre
                  key={type}
                  className="mt-2 overflow-x-auto rounded-lg bg-slate-100 p-3 text-sm"
                >
                  {JSON.stringify(media.example, null, 2)}
                </pre>
              ),
          )}
        </>
      )}
      <h4 className="mt-4 font-semibold">Responses</h4>
      <ul className="mt-1 list-disc pl-6">
        {Object.entries(operation.responses).map(([status, response]) => (
          <li key={status}>
            <span className="font-mono">{status}</span>:{" "}
            <Text>{resolve(response, document).description}</Text>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Parameters({ path, parameters }: { path: string; parameters: Parameter[] }) {
  return (
    <table className="mt-4 w-full text-left text-sm">
      <caption className="sr-only">Parameters of {path}</caption>
      <thead>
        <tr className="border-b border-slate-200">
          <th scope="col" className="py-2 pr-4">
            Parameter
          </th>
          <th scope="col" className="py-2 pr-4">
            In
          </th>
          <th scope="col" className="py-2 pr-4">
            Type
          </th>
          <th scope="col" className="py-2">
            Description
          </th>
        </tr>
      </thead>
      <tbody>
        {parameters.map((parameter) => (
          <tr key={parameter.name} className="border-b border-slate-100 align-top">
            <td className="py-2 pr-4 font-mono">
              {parameter.name}
              {parameter.required ? " *" : ""}
            </td>
            <td className="py-2 pr-4">{parameter.in}</td>
            <td className="py-2 pr-4 font-mono">{describeSchema(parameter.schema)}</td>
            <td className="py-2">
              <Text>{parameter.description}</Text>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Descriptions are CommonMark; the only markup they use is `code`. */
function Text({ children }: { children: string }) {
  return children.split(/`([^`]+)`/).map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a fixed text never move
      <code key={index} className="font-mono text-[0.9em]">
        {part}
      </code>
    ) : (
      part
    ),
  );
}

function access(security: Operation["security"]): string {
  if (security.length === 0) return "public";
  if (security.some((requirement) => Object.keys(requirement).length === 0))
    return "public; acts on the session when the session cookie is sent";
  return "needs the session cookie (signed in)";
}

/** A shared response is written once under components; operations point to it. */
function resolve(response: Response | Ref, document: ApiDocument): Response {
  if (!("$ref" in response)) return response;
  const name = response.$ref.split("/").at(-1) as keyof ApiDocument["components"]["responses"];
  return document.components.responses[name];
}

function describeSchema(schema: Record<string, unknown>): string {
  const limits = ["minimum", "maximum", "maxLength", "default"]
    .filter((key) => key in schema)
    .map((key) => `${key} ${schema[key]}`);
  return [String(schema.type), ...limits].join(", ");
}
