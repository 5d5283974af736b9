import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFRef,
} from "pdf-lib";
import type { MessageKey } from "../i18n/i18n.ts";
import { AppError } from "./errors.ts";

/**
 * Names that make a PDF do something when opened or clicked (run a script, start a program, carry
 * another file), as dictionary keys or as an action's `/S`. Whoever opens an uploaded PDF (an
 * employer a CV, staff a claim's document) must only see it: a file with any of them is refused,
 * however it is written.
 */
const ACTIVE_KEYS = new Set(["JS", "JavaScript", "Launch", "EmbeddedFile", "EmbeddedFiles", "EF"]);
const ACTIVE_VALUES = new Set(["JavaScript", "Launch", "EmbeddedFile"]);

/** The spec's last line; readers accept it within the last kilobyte. Without it the file is cut. */
const END_OF_FILE = "%%EOF";
const TAIL_BYTES = 1024;

/** Why an uploaded PDF is refused: not a PDF at all, or one that does more than show pages. */
export type PdfProblem = "notPdf" | "active";

/**
 * Why an uploaded PDF's bytes may not be stored, or undefined when they may: a file pdf-lib cannot
 * parse (HTML behind a `%PDF-` header, a truncated or encrypted file, no pages) is not a PDF, and
 * one with JavaScript, a Launch action, an embedded file or an `/OpenAction` action carries more
 * than pages. An `/OpenAction` that is only a destination (`[page /Fit]`, as word processors write)
 * is not an action and stays allowed.
 */
export async function pdfProblem(bytes: Uint8Array): Promise<PdfProblem | undefined> {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES))).toString(
    "latin1",
  );
  if (!tail.includes(END_OF_FILE)) return "notPdf";
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false });
    if (document.getPageCount() === 0) return "notPdf";
  } catch {
    return "notPdf";
  }
  const openAction = document.catalog.get(PDFName.of("OpenAction"));
  const resolved = openAction && document.context.lookup(openAction);
  if (resolved instanceof PDFDict) return "active";
  for (const [, object] of document.context.enumerateIndirectObjects())
    if (isActive(object)) return "active";
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

/**
 * Refuses a file that is not a plain PDF with a 415 whose message (the area's own, for each
 * problem) says which, beside the form's `field`.
 */
export async function assertPlainPdf(
  bytes: Uint8Array,
  field: string,
  messages: Record<PdfProblem, MessageKey>,
): Promise<void> {
  const problem = await pdfProblem(bytes);
  if (problem)
    throw new AppError("unsupported_media_type", {
      message: messages[problem],
      problems: [{ field, message: messages[problem] }],
    });
}
