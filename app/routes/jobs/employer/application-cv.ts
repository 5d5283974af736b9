import { CV_FOLDER } from "../../../jobs/applications.server.ts";
import { openApplicationCv } from "../../../jobs/inbox.server.ts";
import { databaseContext, storageContext } from "../../../platform/context.ts";
import { AppError } from "../../../platform/errors.ts";
import { rowIdOrNotFound } from "../../../platform/query.ts";
import type { Route } from "./+types/application-cv";
import { employerActorOf } from "./actor.server.ts";

/**
 * An applicant's CV, for the employer's members and staff only (anyone else the 404): the opening
 * is in the audit trail before the file is read from private storage (local or S3). Always a
 * download, never shown as a page, and never sniffed.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = await employerActorOf({ request, params, context });
  const { name, filename } = await openApplicationCv(
    context.get(databaseContext),
    actor,
    rowIdOrNotFound(params.jobId),
    rowIdOrNotFound(params.applicationId),
  );
  const bytes = await context.get(storageContext).read(CV_FOLDER, name);
  if (!bytes) throw new AppError("not_found");
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      // The applicant's name may hold any letter: the ASCII fallback, and the name in UTF-8.
      "Content-Disposition": `attachment; filename="cv-${params.applicationId}.pdf"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
