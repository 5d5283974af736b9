import type { MessageKey } from "../i18n/i18n.ts";
import type { StaffRole } from "./roles.ts";

/** The console's sections, in the order of its navigation; `role` is the least that sees one. */
export const STAFF_SECTIONS: { path: string; label: MessageKey; role: StaffRole }[] = [
  { path: "/staff", label: "staff.nav.queue", role: "moderator" },
  { path: "/staff/reports", label: "staff.nav.reports", role: "moderator" },
];
