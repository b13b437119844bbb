/**
 * PDFs the school hands to parents, drawn with pdfkit: A4 pages whose text may mix Hindi and
 * English. Fonts are Noto Sans Devanagari (its Devanagari and its Latin files, from
 * @fontsource/noto-sans-devanagari), embedded as subsets: pdfkit shapes the text through fontkit, so
 * conjuncts and vowel signs come out as they are written. pdfkit's built-in fonts are never loaded
 * (they are read from files a bundled function does not have). QR codes are drawn as vectors.
 *
 * Every document is tagged (a structure tree: Document > H1/H2/P, tables of facts, lists, the QR
 * code as a figure inside its link; rules and ornaments are artifacts) and says its language. Shaped
 * Devanagari is drawn in visual glyph order (the vowel sign ि before its consonant, a reph after its
 * syllable), which the glyphs' Unicode map cannot put back in order: each Devanagari run is wrapped
 * in a Span whose /ActualText is the run as written, so copying, search and screen readers get the
 * words themselves.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { sfntOf } from './woff.ts';
import { EMBLEM, EMBLEM_SIZE } from '../lib/emblem.ts';
import { LANGUAGE_TAGS, type Language } from '../lib/i18n/index.ts';

export type PdfDoc = InstanceType<typeof PDFDocument>;
type Weight = 'regular' | 'bold';
type Script = 'latin' | 'devanagari';
type Element = PDFKit.PDFStructureElement;
/** What a block of text is in the structure tree. */
type TextRole = 'H1' | 'H2' | 'P' | 'TH' | 'TD' | 'Lbl' | 'LBody';
/** A structure element that holds others. */
type GroupRole = 'Table' | 'TR' | 'L' | 'LI' | 'Link';

/** A document's language and the structure element its next content goes into (the last one open). */
const tagging = new WeakMap<PdfDoc, { language: Language; open: Element[] }>();

function tags(doc: PdfDoc) {
  const state = tagging.get(doc);
  if (!state) throw new Error('not a document of newPdf');
  return state;
}

let fonts: Record<Script, Record<Weight, Buffer>> | undefined;

/**
 * The font files, read on first use and unwrapped from WOFF once (./woff.ts): the functions bundle
 * carries them (netlify.toml lists them in the admission function's included_files), node_modules
 * has them everywhere else. Resolved from this module, so a bundle finds its own copy.
 */
function loadFonts(): Record<Script, Record<Weight, Buffer>> {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    fonts = {
      latin: {
        regular: sfntOf(
          readFileSync(
            require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-latin-400-normal.woff'),
          ),
        ),
        bold: sfntOf(
          readFileSync(
            require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-latin-700-normal.woff'),
          ),
        ),
      },
      devanagari: {
        regular: sfntOf(
          readFileSync(
            require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff'),
          ),
        ),
        bold: sfntOf(
          readFileSync(
            require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff'),
          ),
        ),
      },
    };
  }
  return fonts;
}

const fontName = (script: Script, weight: Weight) => `${script}-${weight}`;

/**
 * A new tagged document in `language` (A4 unless `size` says otherwise) with the fonts registered
 * (regular Latin current), its title in the document's properties (and shown as the window's title).
 */
export function newPdf(title: string, language: Language, margin = 48, size: 'A4' | 'A5' = 'A4'): PdfDoc {
  const files = loadFonts();
  // `font` in the options: the document starts in our font instead of loading Helvetica's metrics from a file.
  const doc = new PDFDocument({
    size,
    margin,
    font: files.latin.regular as unknown as string,
    info: { Title: title, Producer: 'School website' },
    pdfVersion: '1.7',
    lang: LANGUAGE_TAGS[language],
    tagged: true,
    displayTitle: true,
  });
  for (const script of ['latin', 'devanagari'] as const)
    for (const weight of ['regular', 'bold'] as const)
      doc.registerFont(fontName(script, weight), files[script][weight]);
  const root = doc.struct('Document');
  doc.addStructure(root);
  tagging.set(doc, { language, open: [root] });
  return doc;
}

/** A structure element of `role` in the open one; `draw` puts its content (text, groups) into it. */
export function group(doc: PdfDoc, role: GroupRole, draw: () => void): void {
  const { open } = tags(doc);
  const element = doc.struct(role);
  open.at(-1)!.add(element);
  open.push(element);
  try {
    draw();
  } finally {
    open.pop();
    element.end();
  }
}

/** What `draw` paints is no content (a rule, a bullet, an ornament): readers skip it. */
export function decoration(doc: PdfDoc, draw: () => void): void {
  doc.markContent('Artifact', { type: 'Layout' });
  draw();
  doc.endMarkedContent();
}

/** The grey of fine print on the school's documents, and of their rules. */
export const GREY = '#4a4a4a';
export const RULE = '#9a9a9a';

/** A thin horizontal rule from `x` across `width`: a decoration. */
export function rule(doc: PdfDoc, x: number, y: number, width: number): void {
  decoration(doc, () =>
    doc
      .save()
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke()
      .restore(),
  );
}

/** `draw`'s painting as the content of a new element `role` (with `options`) in the open one. */
function tagged(doc: PdfDoc, role: string, options: Record<string, unknown>, draw: () => void): void {
  const element = doc.struct(role, options);
  tags(doc).open.at(-1)!.add(element);
  const content = doc.markStructureContent(role);
  draw();
  doc.endMarkedContent();
  element.add(content);
  element.end();
}

/** Devanagari and what travels inside a Devanagari word (joiners, the dotted circle, the rupee sign). */
// One class per block: in a single class, a letter beside a combining mark or the joiner reads as one
// combined character, though each code point is tested alone.
const DEVANAGARI = /[\u0900-\u097F]|[\uA8E0-\uA8FF]|[\u1CD0-\u1CFF]|[\u200C\u25CC\u20B9]|\u200D/;

/** `text` cut into runs of one script; spaces go with the run before them, so a run ends on a word's end. */
function scriptRuns(text: string): { script: Script; text: string }[] {
  const runs: { script: Script; text: string }[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    const script: Script = DEVANAGARI.test(char) ? 'devanagari' : 'latin';
    if (last && (last.script === script || char === ' ')) last.text += char;
    else runs.push({ script, text: char });
  }
  return runs;
}

export interface TextStyle {
  size?: number;
  weight?: Weight;
  color?: string;
  /** The width to wrap in (default: to the right margin from x). */
  width?: number;
  align?: 'left' | 'center';
  /** Extra space between lines. */
  lineGap?: number;
  /** What the text is in the document's structure (default a paragraph). */
  role?: TextRole;
}

type Run = { script: Script; text: string; width: number };
type Line = { runs: Run[]; width: number };

/**
 * `text` broken into lines of at most `width`, at word ends (a word longer than a line, such as a
 * web address, at any character). Each script's run is measured in its own font, shaped, so the
 * lines are laid out here rather than by pdfkit, which cannot mix fonts within centred text.
 */
function layout(doc: PdfDoc, text: string, size: number, weight: Weight, width: number): Line[] {
  const measure = (run: { script: Script; text: string }): Run => ({
    ...run,
    width: doc.font(fontName(run.script, weight)).fontSize(size).widthOfString(run.text),
  });
  const space = measure({ script: 'latin', text: ' ' });
  const lines: Line[] = [{ runs: [], width: 0 }];
  const place = (runs: Run[], wordWidth: number) => {
    const line = lines.at(-1)!;
    const gap = line.runs.length ? space.width : 0;
    if (line.runs.length && line.width + gap + wordWidth > width) lines.push({ runs: [...runs], width: wordWidth });
    else {
      // Neighbours of one script are one run: one piece of text in the PDF, as a reader copies it.
      for (const run of gap ? [space, ...runs] : runs) {
        const last = line.runs.at(-1);
        if (last?.script === run.script)
          line.runs[line.runs.length - 1] = { ...last, text: last.text + run.text, width: last.width + run.width };
        else line.runs.push({ ...run });
      }
      line.width += gap + wordWidth;
    }
  };
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const runs = scriptRuns(word).map(measure);
    const wordWidth = runs.reduce((sum, r) => sum + r.width, 0);
    if (wordWidth <= width) {
      place(runs, wordWidth);
      continue;
    }
    // Too long for any line: cut it into pieces that fit, character by character.
    let piece: Run[] = [];
    let pieceWidth = 0;
    for (const run of runs) {
      for (const char of run.text) {
        const glyph = measure({ script: run.script, text: char });
        if (pieceWidth + glyph.width > width && piece.length) {
          place(piece, pieceWidth);
          lines.push({ runs: [], width: 0 });
          piece = [];
          pieceWidth = 0;
        }
        const last = piece.at(-1);
        if (last?.script === glyph.script) {
          last.text += char;
          last.width += glyph.width;
        } else piece.push(glyph);
        pieceWidth += glyph.width;
      }
    }
    if (piece.length) place(piece, pieceWidth);
  }
  return lines.filter((l) => l.runs.length);
}

const lineHeight = (doc: PdfDoc, size: number, weight: Weight, gap = 0) =>
  doc.font(fontName('latin', weight)).fontSize(size).currentLineHeight(true) + gap;

/**
 * Writes `text` (Hindi, English or both, each script in its own font) from (x, y), default the
 * current position, wrapped to `width`; the current position moves below it.
 */
export function write(doc: PdfDoc, text: string, style: TextStyle = {}, x = doc.x, y = doc.y): void {
  const { size = 11, weight = 'regular', color = '#111111', align = 'left', lineGap = 0, role = 'P' } = style;
  const width = style.width ?? doc.page.width - doc.page.margins.right - x;
  const step = lineHeight(doc, size, weight, lineGap);
  const { language } = tags(doc);
  let top = y;
  doc.fillColor(color);
  // A header cell heads its row: the facts' tables have a label and a value a row.
  const element = doc.struct(role, (role === 'TH' ? { scope: 'Row' } : {}) as PDFKit.Mixins.StructureElementOptions);
  tags(doc).open.at(-1)!.add(element);
  for (const line of layout(doc, text, size, weight, width)) {
    let left = align === 'center' ? x + (width - line.width) / 2 : x;
    for (const run of line.runs) {
      doc.font(fontName(run.script, weight)).fontSize(size);
      const span = spanOf(run, language);
      element.add(
        markedText(doc, span ? 'Span' : role, span, () => doc.text(run.text, left, top, { lineBreak: false })),
      );
      left += run.width;
    }
    top += step;
  }
  element.end();
  doc.x = x;
  doc.y = top;
}

/**
 * The marked-content properties of a run: a Devanagari run's text as written (its glyphs are in
 * visual order), and the language of words not in the document's language.
 */
function spanOf(run: Run, language: Language): { actual?: string; lang?: string } | undefined {
  const span: { actual?: string; lang?: string } = {};
  if (run.script === 'devanagari') span.actual = run.text;
  const other: Language | undefined =
    run.script === 'devanagari'
      ? /[\u0900-\u097F]/.test(run.text)
        ? 'hi'
        : undefined
      : /[A-Za-z]/.test(run.text)
        ? 'en'
        : undefined;
  if (other && other !== language) span.lang = LANGUAGE_TAGS[other];
  return span.actual || span.lang ? span : undefined;
}

/**
 * `draw` (one call of pdfkit's text()) as a marked-content sequence of its own (`tag`, with
 * `properties`), answered for its structure element. The sequence wraps pdfkit's text object (BT
 * to ET) inside pdfkit's saved graphics state: poppler places a span's ActualText by the graphics
 * state at its end, and pdfkit draws text under a transformation of its own that its Q undoes, so
 * a span closed after the Q reads as upside-down words elsewhere on the page.
 */
function markedText(
  doc: PdfDoc,
  tag: string,
  properties: PDFKit.Mixins.MarkingOptions | undefined,
  draw: () => void,
): PDFKit.PDFStructureContent {
  const write = doc.addContent.bind(doc);
  let content: PDFKit.PDFStructureContent | undefined;
  let closed = false;
  doc.addContent = (data: unknown) => {
    if (data === 'BT') content = doc.markStructureContent(tag, properties);
    write(data);
    if (data === 'ET' && content) {
      doc.endMarkedContent();
      closed = true;
    }
    return doc;
  };
  try {
    draw();
  } finally {
    delete (doc as Partial<PdfDoc>).addContent;
  }
  // pdfkit's text objects changed: the sequence would be missing or unbalanced.
  if (!content || !closed) throw new Error('pdfkit drew no text object to mark');
  return content;
}

/** The height `write` would take for `text`. */
export function heightOf(doc: PdfDoc, text: string, width: number, style: Omit<TextStyle, 'width'> = {}): number {
  const { size = 11, weight = 'regular', lineGap = 0 } = style;
  return layout(doc, text, size, weight, width).length * lineHeight(doc, size, weight, lineGap);
}

/** The width `text` takes on one line (each script measured in its own font). */
export function widthOf(doc: PdfDoc, text: string, style: Omit<TextStyle, 'width'> = {}): number {
  const { size = 11, weight = 'regular' } = style;
  return Math.max(0, ...layout(doc, text, size, weight, Number.MAX_SAFE_INTEGER).map((line) => line.width));
}

/**
 * A QR code of `text` as filled squares (each row's dark modules merged into bars), `size` points
 * wide at (x, y) with its quiet zone inside that size, and a link to `link` over it. In the
 * structure it is a figure inside its link, both described by `alt`.
 */
export function drawQr(doc: PdfDoc, text: string, x: number, y: number, size: number, alt: string, link = text): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const quiet = 4;
  const cell = size / (count + quiet * 2);
  group(doc, 'Link', () => {
    const element = tags(doc).open.at(-1)!;
    tagged(doc, 'Figure', { alt, bbox: [x, y, x + size, y + size], placement: 'Block' }, () => {
      doc.save().rect(x, y, size, size).fill('#ffffff');
      for (let row = 0; row < count; row++) {
        let start = -1;
        for (let col = 0; col <= count; col++) {
          const dark = col < count && qr.modules.get(row, col);
          if (dark && start < 0) start = col;
          if (!dark && start >= 0) {
            doc.rect(x + (quiet + start) * cell, y + (quiet + row) * cell, (col - start) * cell, cell);
            start = -1;
          }
        }
      }
      doc.fill('#000000').restore();
    });
    // A String object: pdfkit writes a string primitive as a PDF name.
    doc.link(x, y, size, size, link, { structParent: element, Contents: new String(alt) } as object);
  });
}

/** The school's emblem (src/lib/emblem.ts), `size` points square at (x, y), as vectors: an ornament beside the school's name. */
export function drawEmblem(doc: PdfDoc, x: number, y: number, size: number): void {
  decoration(doc, () => {
    doc
      .save()
      .translate(x, y)
      .scale(size / EMBLEM_SIZE);
    for (const shape of EMBLEM) {
      doc.path(shape.d);
      if (shape.fill) doc.fill(shape.fill);
      else doc.lineWidth(shape.strokeWidth ?? 1).stroke(shape.stroke ?? '#000000');
    }
    doc.restore();
  });
}

/** The finished document's bytes. */
export function pdfBytes(doc: PdfDoc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
