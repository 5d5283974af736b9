import { requireApiViewer } from "../auth/session.server.ts";
import { type ApiErrorCode, apiError, methodNotAllowed } from "../platform/api.ts";
import { databaseContext, storageContext } from "../platform/context.ts";
import { type ImageProblem, ImageRejected } from "../platform/images.server.ts";
import { replaceAvatar } from "../players/account.server.ts";
import type { Route } from "./+types/api.me.avatar";

const REFUSALS: Record<ImageProblem, [ApiErrorCode, string]> = {
  too_large: ["payload_too_large", "The picture must be at most 5 MB."],
  not_an_image: ["unsupported_media_type", "The file must be a JPEG, PNG or WebP picture."],
  too_many_pixels: ["payload_too_large", "The picture must have at most 50 megapixels."],
  damaged: ["invalid_image", "The picture is damaged or has extra data after its end."],
};

export const loader = () => methodNotAllowed("PUT");

/** PUT /api/me/avatar with the picture's bytes as the body; answers the new picture's address. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const viewer = await requireApiViewer(request, context);
  const bytes = new Uint8Array(await request.arrayBuffer());
  try {
    const image = await replaceAvatar(
      context.get(databaseContext),
      context.get(storageContext),
      viewer.id,
      bytes,
    );
    return Response.json({ image });
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
    const [code, message] = REFUSALS[error.problem];
    return apiError(code, message);
  }
}
