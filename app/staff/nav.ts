import type { MessageKey } from "../i18n/i18n.ts";
import type { StaffRole } from "./roles.ts";

/** The console's sections, in the order of its navigation; `role` is the least that sees one. */
export const STAFF_SECTIONS: { path: string; label: MessageKey; role: StaffRole }[] = [
  { path: "/staff", label: "staff.nav.queue", role: "moderator" },
  { path: "/staff/reports", label: "staff.nav.reports", role: "moderator" },
  { path: "/staff/orders", label: "staff.nav.orders", role: "moderator" },
  { path: "/staff/redeem", label: "staff.nav.redeem", role: "moderator" },
  { path: "/staff/plans", label: "staff.nav.plans", role: "moderator" },
  { path: "/staff/players", label: "staff.nav.players", role: "moderator" },
  // Content: moderators and admins (decision 0048).
  { path: "/staff/content/posts", label: "staff.content.nav.posts", role: "moderator" },
  { path: "/staff/content/products", label: "staff.content.nav.products", role: "moderator" },
  { path: "/staff/content/plans", label: "staff.content.nav.plans", role: "moderator" },
  { path: "/staff/content/goals", label: "staff.content.nav.goals", role: "moderator" },
  { path: "/staff/staff", label: "staff.nav.staff", role: "admin" },
  { path: "/staff/audit", label: "staff.nav.audit", role: "admin" },
];
