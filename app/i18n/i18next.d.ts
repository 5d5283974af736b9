import "i18next";
import type { AllMessages } from "./catalog.server.ts";

/** Message keys are typed: a key missing from the English messages fails `npm run typecheck`. */
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: AllMessages };
  }
}
