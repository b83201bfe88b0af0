/**
 * render-pdf-page.ts — draws one page of a PDF as a PNG, to look at a generated receipt or
 * statement without a PDF viewer (this machine has no Poppler):
 *
 *   npx tsx scripts/render-pdf-page.ts in.pdf out.png [page, from 1; default 1] [scale; default 2]
 *
 * PDF.js (pdfjs-dist, a devDependency of @vam/server) lays the page out, on the canvas of its
 * Node canvas factory (@napi-rs/canvas, its optional dependency).
 */
import { readFile, writeFile } from "node:fs/promises";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

interface NodeCanvas {
  canvas: { toBuffer(mime: "image/png"): Buffer };
  context: CanvasRenderingContext2D;
}

const [input, output, pageArg = "1", scaleArg = "2"] = process.argv.slice(2);
if (!input || !output) {
  console.error("Usage: npx tsx scripts/render-pdf-page.ts in.pdf out.png [page] [scale]");
  process.exit(2);
}

const pdf = await getDocument({ data: new Uint8Array(await readFile(input)), isEvalSupported: false }).promise;
const pageNumber = Number(pageArg);
if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > pdf.numPages) {
  console.error(`${input} has pages 1 to ${pdf.numPages}`);
  process.exit(2);
}
const page = await pdf.getPage(pageNumber);
const viewport = page.getViewport({ scale: Number(scaleArg) });
const factory = pdf.canvasFactory as { create(width: number, height: number): NodeCanvas };
const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
await page.render({ canvas: null, canvasContext: context, viewport }).promise;
await writeFile(output, canvas.toBuffer("image/png"));
console.log(`${output}: page ${pageNumber} of ${pdf.numPages}, ${Math.ceil(viewport.width)}×${Math.ceil(viewport.height)} px`);
await pdf.destroy();
