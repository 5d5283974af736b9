import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * In the browser every `import … from "zod"` goes through app/zod.client.ts, which turns zod's
 * compiled validators off before any schema is built. Only the pages whose forms check before
 * sending load it (decision 0037), so the root can no longer import it for everyone.
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

export default defineConfig({
  plugins: [zodWithoutEval(), tailwindcss(), reactRouter()],
});
