import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { business, businessClaim, businessOwner } from "../db/schema/directory.ts";
import type { Locale } from "../i18n/locale.ts";
import { serverT } from "../i18n/messages.server.ts";
import { type Actor, recordAudit } from "../platform/audit.server.ts";
import { enqueueEmail, paragraphsEmail } from "../platform/email.server.ts";
import { AppError } from "../platform/errors.ts";
import { ImageRejected, processDocumentPicture } from "../platform/images.server.ts";
import { assertPlainPdf } from "../platform/pdf.server.ts";
import { startsLikePdf } from "../platform/pdf.ts";
import { takeAttempt } from "../platform/rate-limit.server.ts";
import { assertMove } from "../platform/state-machine.ts";
import type { Storage } from "../platform/storage.server.ts";
import { playerContact } from "../players/identity.server.ts";
import {
  CLAIM_CODE_MINUTES,
  CLAIM_CODE_TRIES,
  CLAIM_MOVES,
  maskEmail,
  OWNER_MIN_AGE,
} from "./claims.ts";

/**
 * What the claim page offers player `userId` for a business: nothing to a minor, the manage page
 * to an owner, staff's review once someone owns it, else the code to the listing's address (its
 * masked form; null when it has none) and when the code sent last ends, and whether a document
 * they sent waits on staff.
 */
export type ClaimPage =
  | { state: "minor" | "owner" | "claimed" }
  | {
      state: "open";
      maskedEmail: string | null;
      codeSentUntil: Date | null;
      documentWaiting: boolean;
    };

export async function claimPageOf(
  db: Db | Tx,
  businessId: number,
  userId: string,
  now = new Date(),
): Promise<ClaimPage> {
  const claimant = await playerContact(db, userId);
  if (!isAdult(claimant?.age)) return { state: "minor" };
  const [row] = await db
    .select({
      contactEmail: business.contactEmail,
      owned: sql<boolean>`exists (select 1 from ${businessOwner} where ${businessOwner.businessId} = ${business.id})`,
      mine: sql<boolean>`exists (select 1 from ${businessOwner} where ${businessOwner.businessId} = ${business.id} and ${businessOwner.userId} = ${userId})`,
    })
    .from(business)
    .where(eq(business.id, businessId));
  if (!row) throw new AppError("not_found");
  if (row.mine) return { state: "owner" };
  if (row.owned) return { state: "claimed" };
  const [sent] = await db
    .select({ until: businessClaim.codeExpiresAt })
    .from(businessClaim)
    .where(
      and(
        eq(businessClaim.businessId, businessId),
        eq(businessClaim.requesterId, userId),
        eq(businessClaim.status, "code_sent"),
        gt(businessClaim.codeExpiresAt, now),
        lt(businessClaim.codeTries, CLAIM_CODE_TRIES),
      ),
    );
  const [waiting] = await db
    .select({ id: businessClaim.id })
    .from(businessClaim)
    .where(
      and(
        eq(businessClaim.businessId, businessId),
        eq(businessClaim.requesterId, userId),
        eq(businessClaim.status, "open"),
      ),
    );
  return {
    state: "open",
    maskedEmail: row.contactEmail ? maskEmail(row.contactEmail) : null,
    codeSentUntil: sent?.until ?? null,
    documentWaiting: Boolean(waiting),
  };
}

const isAdult = (age: number | null | undefined) => age != null && age >= OWNER_MIN_AGE;

/** A key of its own, derived from the auth secret: a claim's code hash can pass for nothing else. */
function codeHash(secret: string, businessId: number, userId: string, code: string): string {
  const key = createHmac("sha256", secret).update("nearby:claim-code:v1").digest();
  return createHmac("sha256", key).update(`${businessId}:${userId}:${code}`).digest("base64url");
}

/** What sending or checking a code needs: the secret its hash is keyed with, the clock. */
export type ClaimCodeOptions = { secret: string; now?: Date };

/**
 * Locks the business (so two claimants are served one at a time) and checks the claimant may
 * claim it: an adult, and nobody owns it yet (then only staff can make another owner: 409).
 */
async function claimableBusiness(tx: Tx, businessId: number, userId: string) {
  const [row] = await tx
    .select({ name: business.name, contactEmail: business.contactEmail })
    .from(business)
    .where(eq(business.id, businessId))
    .for("update");
  if (!row) throw new AppError("not_found");
  const claimant = await playerContact(tx, userId);
  if (!claimant || !isAdult(claimant.age))
    throw new AppError("forbidden", { message: "claim.problems.adultsOnly" });
  const [owner] = await tx
    .select({ userId: businessOwner.userId })
    .from(businessOwner)
    .where(eq(businessOwner.businessId, businessId))
    .limit(1);
  if (owner) throw new AppError("conflict", { message: "claim.problems.claimed" });
  return row;
}

/**
 * Sends a new six-digit code to the listing's own address, in the claimant's language: it replaces
 * any code sent before (single use, CLAIM_CODE_MINUTES, CLAIM_CODE_TRIES wrong tries). Counted per
 * player and business before anything else ("claim-code" in LIMITS). Only its HMAC is stored.
 */
export async function sendClaimCode(
  db: Db,
  userId: string,
  businessId: number,
  locale: Locale,
  { secret, now = new Date() }: ClaimCodeOptions,
): Promise<void> {
  await takeAttempt(db, "claim-code", `${userId}:${businessId}`, now);
  await db.transaction(async (tx) => {
    const listing = await claimableBusiness(tx, businessId, userId);
    if (!listing.contactEmail)
      throw new AppError("conflict", { message: "claim.problems.noAddress" });
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const fresh = {
      codeHash: codeHash(secret, businessId, userId, code),
      codeExpiresAt: new Date(now.getTime() + CLAIM_CODE_MINUTES * 60_000),
      codeTries: 0,
    };
    await tx
      .insert(businessClaim)
      .values({ businessId, requesterId: userId, status: "code_sent", source: "code", ...fresh })
      .onConflictDoUpdate({
        target: [businessClaim.businessId, businessClaim.requesterId],
        targetWhere: sql`${businessClaim.status} = 'code_sent'`,
        set: fresh,
      });
    const t = serverT(locale);
    await enqueueEmail(
      tx,
      paragraphsEmail(
        listing.contactEmail,
        t("directoryEmail.claimCode.subject", { code, business: listing.name }),
        [
          t("directoryEmail.claimCode.intro", { business: listing.name }),
          t("directoryEmail.claimCode.code", { code, minutes: CLAIM_CODE_MINUTES }),
          t("directoryEmail.claimCode.notYou", { business: listing.name }),
          t("directoryEmail.claimCode.signature"),
        ],
        locale,
      ),
    );
  });
}

/** Why a typed code did not make the player an owner (each a 400 beside the code's field). */
type CodeProblem = "noCode" | "expired" | "locked" | "wrong";

/**
 * Checks the code typed by the claimant. The right one, within its time and tries, makes them an
 * owner ('code') in one transaction with the claim's move to verified; the business row is locked
 * first, so of two claimants racing the second finds it claimed (409). A wrong code spends a try,
 * kept even though the answer is an error.
 */
export async function verifyClaimCode(
  db: Db,
  claimant: Actor,
  businessId: number,
  typed: string,
  { secret, now = new Date() }: ClaimCodeOptions,
): Promise<void> {
  const problem = await db.transaction(async (tx): Promise<CodeProblem | null> => {
    await claimableBusiness(tx, businessId, claimant.id);
    const [claim] = await tx
      .select()
      .from(businessClaim)
      .where(
        and(
          eq(businessClaim.businessId, businessId),
          eq(businessClaim.requesterId, claimant.id),
          eq(businessClaim.status, "code_sent"),
        ),
      )
      .for("update");
    if (!claim?.codeHash || !claim.codeExpiresAt) return "noCode";
    if (claim.codeTries >= CLAIM_CODE_TRIES) return "locked";
    if (claim.codeExpiresAt <= now) return "expired";
    const expected = Buffer.from(claim.codeHash);
    const given = Buffer.from(codeHash(secret, businessId, claimant.id, typed));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      const tries = claim.codeTries + 1;
      await tx
        .update(businessClaim)
        .set({ codeTries: tries })
        .where(eq(businessClaim.id, claim.id));
      return tries >= CLAIM_CODE_TRIES ? "locked" : "wrong";
    }
    assertMove(CLAIM_MOVES, claim.status, "verified");
    await tx
      .update(businessClaim)
      .set({ status: "verified", decidedAt: now })
      .where(and(eq(businessClaim.id, claim.id), eq(businessClaim.status, "code_sent")));
    await tx.insert(businessOwner).values({ businessId, userId: claimant.id, via: "code" });
    await recordAudit(tx, claimant, {
      action: "claim.verify",
      target: { kind: "business", id: businessId },
      after: { claim: claim.id, via: "code" },
    });
    return null;
  });
  if (problem)
    throw new AppError("invalid_parameters", {
      problems: [{ field: "code", message: `claim.problems.${problem}` }],
    });
}

/** The private storage folder of claims' documents (storage.server.ts): never served by /uploads/. */
export const CLAIM_DOCUMENT_FOLDER = "claims";

/**
 * The document as it is kept: a PDF through the CVs' checks (parsed, nothing active in it), or a
 * JPEG, PNG or WebP picture through the avatars' checks, re-encoded without its metadata. The
 * type is the bytes', whatever the file's name or declared type says; anything else is a 415.
 */
async function cleanDocument(file: File): Promise<{ bytes: Buffer; extension: "pdf" | "jpg" }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (await startsLikePdf(file)) {
    await assertPlainPdf(bytes, "document", {
      notPdf: "claim.problems.documentDamaged",
      active: "claim.problems.documentActive",
    });
    return { bytes: Buffer.from(bytes), extension: "pdf" };
  }
  try {
    return { bytes: await processDocumentPicture(bytes), extension: "jpg" };
  } catch (error) {
    if (error instanceof ImageRejected) {
      const message =
        error.problem === "not_an_image"
          ? "claim.problems.documentType"
          : error.problem === "damaged"
            ? "claim.problems.documentDamaged"
            : "claim.problems.documentTooLarge";
      throw new AppError(error.code, { message, problems: [{ field: "document", message }] });
    }
    throw error;
  }
}

/**
 * A claim for staff (issue 26): when the listing has no address or the claimant cannot read it,
 * an adult sends a document that shows the business is theirs, with a note saying what it is. The
 * file goes to the private folder first and the claim (open, in the console's queue) after; a
 * claim that is not written removes its file. One open claim per player and business (409), the
 * same refusals as a code (a minor, a claimed business), and a few a day per player
 * ("claim-document" in LIMITS).
 */
export async function sendClaimDocument(
  db: Db,
  storage: Storage,
  claimant: Actor,
  businessId: number,
  { document, note }: { document: File; note: string },
  now = new Date(),
): Promise<void> {
  await takeAttempt(db, "claim-document", claimant.id, now);
  // The cheap refusals before the file is read and cleaned; checked again, locked, when written.
  await db.transaction((tx) => claimableBusiness(tx, businessId, claimant.id));
  const cleaned = await cleanDocument(document);
  const name = await storage.save(CLAIM_DOCUMENT_FOLDER, cleaned.bytes, cleaned.extension);
  try {
    await db.transaction(async (tx) => {
      await claimableBusiness(tx, businessId, claimant.id);
      const [claim] = await tx
        .insert(businessClaim)
        .values({
          businessId,
          requesterId: claimant.id,
          status: "open",
          source: "document",
          document: name,
          note,
        })
        .onConflictDoNothing()
        .returning({ id: businessClaim.id });
      if (!claim) throw new AppError("conflict", { message: "claim.problems.documentWaiting" });
      await recordAudit(tx, claimant, {
        action: "claim.document_send",
        target: { kind: "business", id: businessId },
        after: { claim: claim.id, via: "document" },
      });
    });
  } catch (error) {
    await storage.remove(CLAIM_DOCUMENT_FOLDER, name);
    throw error;
  }
}
