import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFRef,
} from "pdf-lib";
import { AppError } from "../platform/errors.ts";

/**
 * Names that make a PDF do something when opened or clicked (run a script, start a program, carry
 * another file), as dictionary keys or as an action's `/S`. An employer's reader must only show
 * the CV: a file with any of them is refused, however it is written.
 */
const ACTIVE_KEYS = new Set(["JS", "JavaScript", "Launch", "EmbeddedFile", "EmbeddedFiles", "EF"]);
const ACTIVE_VALUES = new Set(["JavaScript", "Launch", "EmbeddedFile"]);

/** The spec's last line; readers accept it within the last kilobyte. Without it the file is cut. */
const END_OF_FILE = "%%EOF";
const TAIL_BYTES = 1024;

/**
 * Why a CV's bytes may not be stored and mailed, or undefined when they may: a file pdf-lib cannot
 * parse (HTML behind a `%PDF-` header, a truncated or encrypted file, no pages) is not a PDF, and
 * one with JavaScript, a Launch action, an embedded file or an `/OpenAction` action carries more
 * than a CV. An `/OpenAction` that is only a destination (`[page /Fit]`, as word processors write)
 * is not an action and stays allowed.
 */
export async function resumeProblem(
  bytes: Uint8Array,
): Promise<"jobs.problems.resumeNotPdf" | "jobs.problems.resumeActive" | undefined> {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES))).toString(
    "latin1",
  );
  if (!tail.includes(END_OF_FILE)) return "jobs.problems.resumeNotPdf";
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false });
    if (document.getPageCount() === 0) return "jobs.problems.resumeNotPdf";
  } catch {
    return "jobs.problems.resumeNotPdf";
  }
  const openAction = document.catalog.get(PDFName.of("OpenAction"));
  const resolved = openAction && document.context.lookup(openAction);
  if (resolved instanceof PDFDict) return "jobs.problems.resumeActive";
  for (const [, object] of document.context.enumerateIndirectObjects())
    if (isActive(object)) return "jobs.problems.resumeActive";
  return undefined;
}

/** Whether an object, or any dictionary or array written inside it, names an active feature. */
function isActive(object: PDFObject): boolean {
  if (object instanceof PDFName) return ACTIVE_VALUES.has(object.decodeText());
  if (object instanceof PDFRawStream) return isActive(object.dict);
  if (object instanceof PDFArray) return object.asArray().some(isActive);
  if (object instanceof PDFDict) {
    for (const [key, value] of object.entries()) {
      if (ACTIVE_KEYS.has(key.decodeText())) return true;
      // References are checked where they point: every indirect object is visited on its own.
      if (!(value instanceof PDFRef) && isActive(value)) return true;
    }
  }
  return false;
}

/** Refuses a CV that is not a plain PDF with a 415 whose message says which. */
export async function assertPlainPdf(bytes: Uint8Array): Promise<void> {
  const problem = await resumeProblem(bytes);
  if (problem)
    throw new AppError("unsupported_media_type", {
      message: problem,
      problems: [{ field: "resume", message: problem }],
    });
}
