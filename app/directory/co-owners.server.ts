import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.server.ts";
import { businessOwner } from "../db/schema/directory.ts";
import { AppError } from "../platform/errors.ts";
import { type Manager, managerWrite } from "./owners.server.ts";

/**
 * Removes owner `userId` from the manager's listing (an owner leaving removes themself), never its
 * last owner: a claimed listing keeps someone who answers for it (409). The owners' rows are locked
 * first, so two owners removing each other at once cannot leave none.
 */
export async function removeOwner(db: Db, manager: Manager, userId: string): Promise<void> {
  await managerWrite(db, manager, async (tx) => {
    const owners = await tx
      .select({ userId: businessOwner.userId, via: businessOwner.via })
      .from(businessOwner)
      .where(eq(businessOwner.businessId, manager.businessId))
      .for("update");
    const removed = owners.find((owner) => owner.userId === userId);
    if (!removed) throw new AppError("not_found");
    if (owners.length === 1)
      throw new AppError("conflict", { message: "manage.owners.problems.last" });
    await tx
      .delete(businessOwner)
      .where(
        and(eq(businessOwner.businessId, manager.businessId), eq(businessOwner.userId, userId)),
      );
    return {
      audit: {
        action: userId === manager.id ? "business_owner.leave" : "business_owner.remove",
        target: { kind: "business", id: manager.businessId },
        before: { owner: userId, via: removed.via },
      },
      result: undefined,
    };
  });
}
