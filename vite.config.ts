import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type Rolldown } from "vite";

/**
 * In the browser every `import … from "zod"` goes through app/zod.client.ts, which turns zod's
 * compiled validators off before any schema is built. Only the pages whose forms check before
 * sending load it (decision 0043), so the root no longer imports it for everyone.
 */
function zodWithoutEval(): Plugin {
  const entry = path.resolve("app/zod.client.ts");
  return {
    name: "nearby:zod-without-eval",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source, importer) {
      if (source === "zod" && importer?.split("?")[0] !== entry) return entry;
    },
  };
}

const FRAMEWORK = /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
const ROOT = path.resolve("app/root.tsx");

/**
 * Every page loads React with React Router, and the root with what it imports (header, footer,
 * notices, translation): one file each. Left to itself the bundler cuts them into a dozen chunks
 * shared between routes, each compressed alone and fetched alone (decision 0043).
 */
function sharedChunks(): Rolldown.CodeSplittingNameFunction {
  let shell: Set<string> | undefined;
  return (id, context) => {
    if (FRAMEWORK.test(id)) return "framework";
    shell ??= staticImports(ROOT, context);
    return shell.has(id) ? "shell" : null;
  };
}

/** A module and the app modules it imports statically, all the way down. */
function staticImports(from: string, context: Rolldown.ChunkingContext): Set<string> {
  const found = new Set([from]);
  for (const id of found) {
    for (const next of context.getModuleInfo(id)?.importedIds ?? []) {
      if (!next.includes("node_modules")) found.add(next);
    }
  }
  return found;
}

export default defineConfig({
  plugins: [zodWithoutEval(), tailwindcss(), reactRouter()],
  environments: {
    client: {
      build: {
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: sharedChunks() }] } } },
      },
    },
  },
});
