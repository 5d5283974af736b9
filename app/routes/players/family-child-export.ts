import { requireViewer } from "../../auth/session.server.ts";
import { databaseContext } from "../../platform/context.ts";
import { exportChild, exportFileName } from "../../players/family-export.server.ts";
import type { Route } from "./+types/family-child-export";

/**
 * The JSON file of everything the site keeps about a child, for their parent only (anyone else:
 * the site's 404): always a download, never cached. The readable page is the same export.
 */
export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context, url });
  const data = await exportChild(context.get(databaseContext), viewer.id, params.childId);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(data)}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
