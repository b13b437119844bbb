/**
 * A tiny PDF 1.4 writer for the school's own documents (e-magazine issues, disclosure placeholders):
 * A4 pages of Helvetica text with a correct cross-reference table, so any PDF reader opens them.
 */
export interface PdfPage {
  /** Large heading at the top of the page. */
  heading?: string;
  lines: string[];
}

function escapeText(text: string): string {
  // PDF string literal in WinAnsi: keep to printable ASCII, escape the delimiters.
  return text.replace(/[^\x20-\x7e]/g, '-').replace(/([\\()])/g, '\\$1');
}

function wrap(line: string, max = 86): string[] {
  if (line.length <= max) return [line];
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    if ((current + ' ' + word).trim().length > max) {
      out.push(current);
      current = word;
    } else current = (current + ' ' + word).trim();
  }
  if (current) out.push(current);
  return out;
}

export function makePdf(title: string, pages: PdfPage[]): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body); // object number = index + 1
  const pageCount = pages.length;
  // 1 catalog, 2 pages, 3 font regular, 4 font bold, 5 info, then (page, content) pairs.
  add('<< /Type /Catalog /Pages 2 0 R >>');
  const kids = pages.map((_, i) => `${6 + i * 2} 0 R`).join(' ');
  add(`<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  add(`<< /Title (${escapeText(title)}) /Producer (School website) >>`);
  pages.forEach((page, i) => {
    const ops: string[] = ['BT'];
    let y = 790;
    if (page.heading) {
      ops.push(`/F2 20 Tf 56 ${y} Td (${escapeText(page.heading)}) Tj`);
      ops.push('ET', 'BT');
      y -= 36;
    }
    ops.push(`/F1 11 Tf 56 ${y} Td 15 TL`);
    for (const line of page.lines.flatMap((l) => wrap(l))) ops.push(`(${escapeText(line)}) '`);
    ops.push('ET');
    const stream = ops.join('\n');
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${7 + i * 2} 0 R >>`,
    );
    add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  });
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** Structural check used by the tests: header, every xref offset pointing at its object, trailer, startxref, EOF. */
export function checkPdf(bytes: Uint8Array): { ok: true; pages: number } | { ok: false; reason: string } {
  const text = Buffer.from(bytes).toString('latin1');
  if (!/^%PDF-1\.[0-7]/.test(text)) return { ok: false, reason: 'no %PDF header' };
  if (!/%%EOF\s*$/.test(text)) return { ok: false, reason: 'no %%EOF' };
  const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  if (!start) return { ok: false, reason: 'no startxref' };
  const xrefAt = Number(start[1]);
  if (!text.startsWith('xref', xrefAt)) return { ok: false, reason: 'startxref does not point at xref' };
  const header = /xref\s+0\s+(\d+)\s+/.exec(text.slice(xrefAt));
  if (!header) return { ok: false, reason: 'bad xref header' };
  const count = Number(header[1]);
  const entries = text
    .slice(xrefAt + header[0].length)
    .split('\n')
    .slice(0, count);
  for (let n = 1; n < count; n++) {
    const m = /^(\d{10}) (\d{5}) n/.exec(entries[n] ?? '');
    if (!m) return { ok: false, reason: `bad xref entry ${n}` };
    if (!text.startsWith(`${n} 0 obj`, Number(m[1]))) return { ok: false, reason: `object ${n} not at its offset` };
  }
  const trailer = /trailer\s*<<([\s\S]*?)>>/.exec(text);
  if (!trailer || !/\/Root \d+ 0 R/.test(trailer[1]!)) return { ok: false, reason: 'no trailer with /Root' };
  const pages = /\/Type \/Pages [^>]*\/Count (\d+)/.exec(text);
  if (!pages) return { ok: false, reason: 'no page tree' };
  return { ok: true, pages: Number(pages[1]) };
}
