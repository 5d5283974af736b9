import { CLAIM_DOCUMENT_FOLDER } from "../../directory/claims.server.ts";
import { openClaimDocument } from "../../directory/staff.server.ts";
import { databaseContext, storageContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { CONTENT_TYPES } from "../../platform/storage.server.ts";
import { requireStaffSettingUp } from "../../staff/access.server.ts";
import { staffIdOf } from "../../staff/ids.ts";
import { staffWrite } from "../../staff/write.server.ts";
import type { Route } from "./+types/claim-document";

/**
 * The document of a claim waiting on staff (issue 26), for staff only: the role is checked again
 * inside the transaction that writes the opening's audit row (`staffWrite`), and anyone else,
 * a moderator without two-factor sign-in included, gets the 404 (a file is not a page that can
 * send them to set it up). Always a download, never shown as a page, and never sniffed.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, twoFactorEnabled } = await requireStaffSettingUp({ request, context });
  if (!twoFactorEnabled) throw new AppError("not_found");
  const { name } = await staffWrite(context.get(databaseContext), actor, "moderator", (tx) =>
    openClaimDocument(tx, staffIdOf(params.id)),
  );
  const bytes = await context.get(storageContext).read(CLAIM_DOCUMENT_FOLDER, name);
  if (!bytes) throw new AppError("not_found");
  const extension = name.slice(name.lastIndexOf(".") + 1);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": CONTENT_TYPES[extension] ?? "application/octet-stream",
      "Content-Disposition": `attachment; filename="claim-${params.id}.${extension}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
