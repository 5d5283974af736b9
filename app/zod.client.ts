import { config } from "zod/v4/core";

// zod compiles each object schema into a function with `new Function`, which the site's CSP (no
// 'unsafe-eval') refuses: every attempt is a reported violation. In the browser it validates
// without compiling. vite.config.ts sends every browser import of "zod" here, so this runs before
// any schema is built; the `.client` suffix keeps it out of the server, where compiled validators
// are allowed and faster.
config({ jitless: true });

export * from "zod";
