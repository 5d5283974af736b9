/** The roles that open the console; every other player is "player" (DESIGN.md, parties and roles). */
const STAFF_ROLES = ["moderator", "admin"] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

/** Whether a role may do what `needed` allows: an admin may do all a moderator may. */
export function hasRole(role: string, needed: StaffRole): boolean {
  return needed === "moderator" ? role === "moderator" || role === "admin" : role === "admin";
}

/** The roles a query accepts for `needed`, for the role check inside a statement. */
export function rolesFor(needed: StaffRole): StaffRole[] {
  return needed === "moderator" ? ["moderator", "admin"] : ["admin"];
}
