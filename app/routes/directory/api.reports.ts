import { requireApiViewer } from "../../auth/session.server.ts";
import { reportItem } from "../../directory/community.server.ts";
import { itemId, type ReportTarget, reportSchema } from "../../directory/community.ts";
import { apiRoute, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { takeAttempt } from "../../platform/rate-limit.server.ts";
import type { Route } from "./+types/api.reports";

const TARGETS: Record<string, ReportTarget> = {
  reviews: "review",
  questions: "question",
  answers: "answer",
  replies: "reply",
};

/**
 * POST /api/{reviews|questions|answers|replies}/{id}/reports: a player's report (reason and optional
 * details), kept for review. Reporting the same item again keeps the first report.
 */
export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") methodNotAllowed("POST");
  const viewer = await requireApiViewer(request, context);
  const target = TARGETS[new URL(request.url).pathname.split("/")[2] ?? ""];
  const parsed = itemId.safeParse(params.id);
  if (!target || !parsed.success) throw new AppError("not_found");
  const db = context.get(databaseContext);
  await takeAttempt(db, "directory-report", viewer.id);
  const report = await readInput(request, reportSchema);
  await reportItem(db, viewer.id, target, parsed.data, report);
  return new Response(null, { status: 204 });
});
