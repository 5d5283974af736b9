import { config } from "zod/v4/core";

// zod compiles each object schema into a function with `new Function`, which the site's CSP (no
// 'unsafe-eval') refuses: every attempt is a reported violation. In the browser it validates
// without compiling. This must run before any schema is built, and the root route's module is the
// first the page evaluates (React Router loads the client entry after the route modules); the
// `.client` suffix keeps it out of the server, where compiled validators are allowed and faster.
config({ jitless: true });
