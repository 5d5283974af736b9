import { randomUUID } from "node:crypto";
import type { Db } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { guardianConsent } from "../db/schema/players.ts";
import { CONSENT_TEXT_VERSION } from "./consent.server.ts";

/**
 * A parent and a child under 14 whose consent is given, written straight to the tables as the
 * consent page would leave them: for tests of what comes after consent (the family pages).
 */
export async function parentWithChild(
  db: Db,
  { parent, child, childAge = 10 }: { parent: string; child: string; childAge?: number },
): Promise<{ parentId: string; childId: string }> {
  await db.insert(user).values([
    {
      id: parent,
      name: `Parent ${parent}`,
      email: `${parent}@example.com`,
      handle: parent,
      age: 40,
      emailVerified: true,
    },
    {
      id: child,
      name: `Child ${child}`,
      email: `${child}@example.com`,
      handle: child,
      age: childAge,
      emailVerified: true,
      consentStatus: "given",
    },
  ]);
  await linkParent(db, parent, child);
  return { parentId: parent, childId: child };
}

/** A given consent from an existing adult for an existing child. */
export async function linkParent(db: Db, parentId: string, childId: string): Promise<void> {
  await db.insert(guardianConsent).values({
    childId,
    parentId,
    parentEmail: `${parentId}@example.com`,
    tokenHash: randomUUID(),
    textVersion: CONSENT_TEXT_VERSION,
    consentedAt: new Date(),
  });
}
