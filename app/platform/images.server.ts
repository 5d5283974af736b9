import os from "node:os";
import sharp from "sharp";
import { AppError, type ErrorCode } from "./errors.ts";
import { createWorkQueue } from "./work-queue.server.ts";

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_MAX_PIXELS = 50_000_000;
const AVATAR_SIDE = 512;

export type ImageProblem = "too_large" | "not_an_image" | "too_many_pixels" | "damaged";

const IMAGE_ERROR_CODES = {
  too_large: "payload_too_large",
  not_an_image: "unsupported_media_type",
  too_many_pixels: "payload_too_large",
  damaged: "invalid_image",
} as const satisfies Record<ImageProblem, ErrorCode>;

/** A picture refused for what it is; an AppError, so pages and the API answer it like any other. */
export class ImageRejected extends AppError {
  readonly problem: ImageProblem;
  constructor(problem: ImageProblem) {
    super(IMAGE_ERROR_CODES[problem], { message: `errors.image_${problem}` });
    this.problem = problem;
  }
}

/**
 * Decoding a big picture takes tens to hundreds of megabytes: one picture per core at a time keeps
 * the peak bounded however many arrive together, and more at once would not finish any sooner.
 */
const imageWork = createWorkQueue(os.availableParallelism());
// libvips's operation cache keeps finished loads open, and with them libjpeg's whole-picture buffers
// (about 150 MB for a 49-megapixel progressive JPEG), which its own memory limit does not count.
// A profile picture is never processed twice, so nothing is lost by not caching.
sharp.cache(false);

type Format = "jpeg" | "png" | "webp";

/** The picture's format by its first bytes, whatever its name or declared type says. */
function formatByBytes(bytes: Uint8Array): Format | undefined {
  const starts = (...signature: number[]) =>
    signature.every((byte, index) => bytes[index] === byte);
  if (starts(0xff, 0xd8, 0xff)) return "jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.subarray(8, 12)) === "WEBP")
    return "webp";
  return undefined;
}

/**
 * Whether the file ends where the format says it does: nothing may hide after the picture (a
 * script appended to a JPEG, a second file glued to a PNG).
 */
function endsCleanly(bytes: Uint8Array, format: Format): boolean {
  const end = bytes.length;
  if (format === "jpeg") return bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9;
  if (format === "png") {
    const iend = [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
    return iend.every((byte, index) => bytes[end - 8 + index] === byte);
  }
  const declared =
    (bytes[4] ?? 0) | ((bytes[5] ?? 0) << 8) | ((bytes[6] ?? 0) << 16) | ((bytes[7] ?? 0) << 24);
  return declared + 8 === end;
}

/**
 * A profile picture from untrusted bytes: JPEG, PNG or WebP by its bytes, at most 5 MB and 50
 * megapixels, nothing after its end; cropped to a centred square, re-encoded as JPEG at quality 0.9,
 * every piece of metadata (location, camera, comments) dropped.
 */
export function processAvatar(bytes: Uint8Array): Promise<Buffer> {
  return processPicture(bytes, { width: AVATAR_SIDE, height: AVATAR_SIDE });
}

/**
 * The frame a cleaned picture is cropped to, centred; or, `inside`, the most it is shrunk to,
 * whole and never enlarged (a scanned document must keep all its text).
 */
type PictureFrame = { width: number; height: number; inside?: boolean };

/** The longest side a picture of a document keeps: an A4 page at about 200 dpi. */
const DOCUMENT_SIDE = 2400;

/**
 * A picture of a document sent to staff (a claim's proof): the avatar's checks and cleaning,
 * shrunk to fit DOCUMENT_SIDE without cropping, so that what staff open is re-encoded pixels only.
 */
export function processDocumentPicture(bytes: Uint8Array): Promise<Buffer> {
  return processPicture(bytes, { width: DOCUMENT_SIDE, height: DOCUMENT_SIDE, inside: true });
}

/**
 * A picture staff put on a post, product or goal: the avatar's checks and cleaning (the same bytes
 * rules, metadata dropped, re-encoded as JPEG), cropped to `frame` instead of the avatar's square.
 */
export async function processPicture(bytes: Uint8Array, frame: PictureFrame): Promise<Buffer> {
  if (bytes.length > AVATAR_MAX_BYTES) throw new ImageRejected("too_large");
  const format = formatByBytes(bytes);
  if (!format) throw new ImageRejected("not_an_image");
  if (!endsCleanly(bytes, format)) throw new ImageRejected("damaged");
  return imageWork.run(() => cleanCopy(bytes, format, frame));
}

async function cleanCopy(bytes: Uint8Array, format: Format, frame: PictureFrame): Promise<Buffer> {
  // Reading the header only: a huge picture is refused before anything is decoded.
  const info = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new ImageRejected("damaged");
    });
  if (info.format !== format) throw new ImageRejected("not_an_image");
  if (!info.width || !info.height) throw new ImageRejected("damaged");
  if (info.width * info.height > AVATAR_MAX_PIXELS) throw new ImageRejected("too_many_pixels");
  // "warning": a JPEG cut short with its end marker put back decodes without error, the missing
  // part grey; libjpeg only warns of the premature end.
  return sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: "warning" })
    .rotate()
    .resize(
      frame.width,
      frame.height,
      frame.inside
        ? { fit: "inside", withoutEnlargement: true }
        : { fit: "cover", position: "centre" },
    )
    .jpeg({ quality: 90 })
    .toBuffer()
    .catch(() => {
      throw new ImageRejected("damaged");
    });
}
