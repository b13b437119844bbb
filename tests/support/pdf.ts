/**
 * What a PDF says, read as a reader would: its pages' text (pdf.js), its link annotations, and the
 * QR code on its first page, rendered and decoded (pdf.js draws it on @napi-rs/canvas; jsQR reads it).
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import jsQR from 'jsqr';

export interface ReadPdf {
  pages: number;
  /** The first page's text, a line per line of text. */
  text: string;
  /** The first page's link annotations' addresses. */
  links: string[];
  /** The first QR code found on the first page, or undefined. */
  qr: string | undefined;
  /** The first page's width and height in points, rounded (A4 595 x 842, A5 420 x 595). */
  size: [number, number];
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const pdf = await task.promise;
  try {
    const page = await pdf.getPage(1);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
    const links = ((await page.getAnnotations()) as { subtype: string; url?: string }[])
      .filter((a) => a.subtype === 'Link' && a.url)
      .map((a) => a.url!);
    const viewport = page.getViewport({ scale: 2 });
    // pdf.js's own canvas factory (node: @napi-rs/canvas), untyped in its declarations.
    const factory = pdf.canvasFactory as {
      create(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D };
    };
    const { canvas, context } = factory.create(viewport.width, viewport.height);
    await page.render({ canvasContext: context, canvas, viewport }).promise;
    const image = context.getImageData(0, 0, viewport.width, viewport.height);
    const qr = jsQR(image.data, image.width, image.height)?.data;
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    return { pages: pdf.numPages, text, links, qr, size: [Math.round(x1 - x0), Math.round(y1 - y0)] };
  } finally {
    await task.destroy();
  }
}
