/** Every PDF starts with these bytes, whatever its name or declared type says. */
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** Whether a file is a PDF by its first bytes (then pdf.server.ts checks the rest). */
export async function startsLikePdf(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, PDF_SIGNATURE.length).arrayBuffer());
  return PDF_SIGNATURE.every((byte, index) => head[index] === byte);
}
