import { openApiDocument } from "../directory/openapi.ts";

type Operation = {
  summary: string;
  description?: string;
  parameters?: readonly {
    name: string;
    in: string;
    required?: boolean;
    description?: string;
    schema: Record<string, unknown>;
  }[];
  responses: Record<string, { description: string }>;
};

/** A readable page for people: every endpoint, its parameters and its answers. */
export default function ApiDocs() {
  const paths = Object.entries(openApiDocument.paths) as [string, { get: Operation }][];
  return (
    <article className="mx-auto max-w-4xl px-4 py-12" lang="en-CA">
      <title>Nearby API</title>
      <h1 className="text-4xl font-bold">{openApiDocument.info.title}</h1>
      <p className="mt-4 text-lg text-slate-700">{openApiDocument.info.description}</p>
      <p className="mt-2">
        Machine-readable description:{" "}
        <a href="/api/openapi.json" className="text-brand-700 underline">
          /api/openapi.json
        </a>{" "}
        (OpenAPI {openApiDocument.openapi}).
      </p>
      {paths.map(([path, { get }]) => (
        <section key={path} className="mt-10 rounded-2xl p-6 ring-1 ring-slate-200">
          <h2 className="font-mono text-xl font-semibold">
            <span className="mr-2 rounded bg-brand-700 px-2 py-0.5 text-sm text-white">GET</span>
            {path}
          </h2>
          <p className="mt-2 font-semibold">{get.summary}</p>
          {get.description && <p className="mt-1 text-slate-700">{get.description}</p>}
          {get.parameters && (
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
                {get.parameters.map((parameter) => (
                  <tr key={parameter.name} className="border-b border-slate-100 align-top">
                    <td className="py-2 pr-4 font-mono">
                      {parameter.name}
                      {parameter.required ? " *" : ""}
                    </td>
                    <td className="py-2 pr-4">{parameter.in}</td>
                    <td className="py-2 pr-4 font-mono">{describeSchema(parameter.schema)}</td>
                    <td className="py-2">{parameter.description ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h3 className="mt-4 font-semibold">Responses</h3>
          <ul className="mt-1 list-disc pl-6">
            {Object.entries(get.responses).map(([status, response]) => (
              <li key={status}>
                <span className="font-mono">{status}</span>: {response.description}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  );
}

function describeSchema(schema: Record<string, unknown>): string {
  const limits = ["minimum", "maximum", "maxLength", "default"]
    .filter((key) => key in schema)
    .map((key) => `${key} ${schema[key]}`);
  return [String(schema.type), ...limits].join(", ");
}
