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
const ENTRY = path.resolve("app/entry.client.tsx");
const DIRECTORY = path.resolve("app/directory") + path.sep;
const LIST_PAGES = ["app/routes/site/home.tsx", "app/routes/directory/businesses.tsx"].map((page) =>
  path.resolve(page),
);

/**
 * Every page loads React with React Router, and the entry with the root and what they import
 * (header, footer, notices, translation): one file each. Left to itself the bundler cuts them into
 * a dozen chunks shared between routes, each compressed alone and fetched alone (decision 0043).
 */
function sharedChunks(): Rolldown.CodeSplittingNameFunction {
  let shell: Set<string> | undefined;
  return (id, context) => {
    if (FRAMEWORK.test(id)) return "framework";
    shell ??= new Set([...staticImports(ROOT, context), ...staticImports(ENTRY, context)]);
    return shell.has(id) ? "shell" : null;
  };
}

/**
 * The directory's parts that both its list pages (`/` and `/businesses`) import: the search form,
 * the cards with their hours and save button. Apart they were six files of 0.2 to 1.3 KB, each
 * compressed alone; together they are a kilobyte smaller (decision 0080). The group takes only
 * them, not what they import from elsewhere (the stars, the hero's fields), so the blog and the
 * shop, which share those, load nothing more; a business page loads the whole file.
 */
function listingChunk(): Rolldown.CodeSplittingNameFunction {
  let listing: Set<string> | undefined;
  return (id, context) => {
    listing ??= directoryListParts(context);
    return listing.has(id) ? "listing" : null;
  };
}

function directoryListParts(context: Rolldown.ChunkingContext): Set<string> {
  const [first, ...others] = LIST_PAGES.map((page) => staticImports(page, context));
  return new Set(
    [...(first ?? [])].filter(
      (id) =>
        id.startsWith(DIRECTORY) &&
        !LIST_PAGES.includes(id) &&
        others.every((imports) => imports.has(id)),
    ),
  );
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

/**
 * A group that leaves its modules' imports where they are needs entry chunks that may export more
 * than their module does (rolldown refuses React Router's "exports-only"); a route's chunk still
 * exports all its route module does, which is what React Router reads.
 */
function entriesMayExportMore(): Plugin {
  return {
    name: "nearby:entries-may-export-more",
    enforce: "post",
    configEnvironment(name, options) {
      if (name !== "client") return;
      for (const key of ["rollupOptions", "rolldownOptions"] as const) {
        const bundler = options.build?.[key];
        if (bundler) bundler.preserveEntrySignatures = "allow-extension";
      }
    },
  };
}

export default defineConfig({
  plugins: [entriesMayExportMore(), zodWithoutEval(), tailwindcss(), reactRouter()],
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: sharedChunks() },
                { name: listingChunk(), includeDependenciesRecursively: false },
              ],
            },
          },
        },
      },
    },
  },
});
