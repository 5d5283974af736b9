import { PDFDocument, PDFName } from "pdf-lib";
import { describe, expect, test } from "vitest";
import { pdfProblem } from "./pdf.server.ts";
import { testCvCorpus, testPdf } from "./test-pdfs.ts";

describe("pdfProblem", async () => {
  const corpus = await testCvCorpus();

  test("a plain CV passes, from pdf-lib or written by hand", async () => {
    expect(await pdfProblem(corpus.clean)).toBeUndefined();
    expect(await pdfProblem(testPdf())).toBeUndefined();
  });

  test.each([
    ["openActionJavaScript"],
    ["launch"],
    ["embeddedFile"],
    ["javaScriptNameTree"],
  ] as const)("%s is refused as active content", async (name) => {
    expect(await pdfProblem(corpus[name])).toBe("active");
  });

  test.each([["htmlBehindHeader"], ["truncated"]] as const)("%s is not a PDF", async (name) => {
    expect(await pdfProblem(corpus[name])).toBe("notPdf");
  });

  test("a file cut just before its end is not a PDF", async () => {
    expect(await pdfProblem(corpus.clean.subarray(0, -8))).toBe("notPdf");
  });

  test("an /OpenAction that only opens a page at a zoom is not an action", async () => {
    const document = await PDFDocument.create();
    const page = document.addPage();
    document.catalog.set(
      PDFName.of("OpenAction"),
      document.context.obj([page.ref, PDFName.of("Fit")]),
    );
    expect(await pdfProblem(await document.save())).toBeUndefined();
  });

  test("a name written with #-escapes is read as the name it spells", async () => {
    const document = await PDFDocument.create();
    document.addPage();
    document.catalog.set(
      PDFName.of("Names"),
      document.context.obj({ JavaScript: document.context.obj({ Names: [] }) }),
    );
    const text = Buffer.from(await document.save({ useObjectStreams: false })).toString("latin1");
    const escaped = text.replace("/JavaScript", "/Java#53cript");
    expect(escaped).not.toBe(text);
    expect(await pdfProblem(Buffer.from(escaped, "latin1"))).toBe("active");
  });
});
