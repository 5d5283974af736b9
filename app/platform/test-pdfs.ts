import { PDFDocument, PDFName, type PDFObject, PDFString } from "pdf-lib";

/** A real PDF of one empty page; `padTo` makes it about that many bytes. */
export function testPdf(padTo = 0): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
  ];
  let body = "%PDF-1.7\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  // A comment line pads the file to about `padTo` bytes without changing the document.
  if (padTo > body.length) body += `%${"x".repeat(padTo - body.length)}\n`;
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets
    .map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`)
    .join("")}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/**
 * PDFs for the checks of app/platform/pdf.server.ts (CVs, claim documents), made with pdf-lib itself rather than kept as
 * binaries: a plain one and one of each kind a CV must not be.
 */
export async function testCvCorpus() {
  const plain = async (change?: (document: PDFDocument) => void | Promise<void>) => {
    const document = await PDFDocument.create();
    document.addPage().drawText("Marie-Ève Tremblay, CV");
    await change?.(document);
    return document.save();
  };
  const action = (document: PDFDocument, entries: Record<string, PDFObject | string>) =>
    document.context.obj(
      Object.fromEntries(
        Object.entries(entries).map(([key, value]) => [
          key,
          typeof value === "string" ? PDFName.of(value) : value,
        ]),
      ),
    );
  const clean = await plain();
  return {
    clean,
    openActionJavaScript: await plain((document) => {
      document.catalog.set(
        PDFName.of("OpenAction"),
        action(document, { S: "JavaScript", JS: PDFString.of("app.alert('hi')") }),
      );
    }),
    launch: await plain((document) => {
      const link = action(document, {
        Type: "Annot",
        Subtype: "Link",
        Rect: document.context.obj([0, 0, 100, 100]),
        A: action(document, { S: "Launch", F: PDFString.of("calc.exe") }),
      });
      document.getPage(0).node.set(PDFName.of("Annots"), document.context.obj([link]));
    }),
    embeddedFile: await plain((document) =>
      document.attach(Buffer.from("MZ"), "tool.exe", { mimeType: "application/octet-stream" }),
    ),
    javaScriptNameTree: await plain((document) => document.addJavaScript("hello", "app.alert(1)")),
    htmlBehindHeader: Buffer.from("%PDF-1.7\n<html><script>alert(1)</script></html>\n%%EOF\n"),
    truncated: clean.subarray(0, Math.floor(clean.length / 2)),
  };
}
