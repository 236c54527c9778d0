/**
 * Small PDF documents for tests, written by hand (ISO 32000-1 section 7.5: header, numbered
 * objects, a cross-reference table of byte offsets, trailer) so that poppler reads them without
 * repairing anything. Each page is one filled rectangle of its own colour; a page may carry a
 * Square annotation (section 12.5.6.8) filled with another colour over its centre.
 */
export interface PdfPage {
  /** Page size in points (72 per inch). */
  width: number;
  height: number;
  rgb: readonly [number, number, number];
  /** A Square annotation over the middle third of the page, filled with this colour. */
  annotation?: readonly [number, number, number];
}

const colour = (rgb: readonly number[]) => rgb.map((c) => (c / 255).toFixed(3)).join(' ');

export function pdfDocument(pages: readonly PdfPage[]): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  // Page i's objects follow: the page, its content stream, then its annotation if any.
  const pageNumbers: number[] = [];
  let next = 3;
  for (const page of pages) {
    pageNumbers.push(next);
    next += page.annotation ? 3 : 2;
  }
  add(
    `<< /Type /Pages /Kids [${pageNumbers.map((n) => `${n} 0 R`).join(' ')}] /Count ${pages.length} >>`,
  );
  pages.forEach((page, index) => {
    const number = pageNumbers[index] ?? 0;
    const annots = page.annotation ? ` /Annots [${number + 2} 0 R]` : '';
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Contents ${number + 1} 0 R${annots} >>`,
    );
    const content = `${colour(page.rgb)} rg 0 0 ${page.width} ${page.height} re f`;
    add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    if (page.annotation) {
      const [w, h] = [page.width / 3, page.height / 3];
      add(
        `<< /Type /Annot /Subtype /Square /Rect [${w} ${h} ${2 * w} ${2 * h}] /C [${colour(page.annotation)}] /IC [${colour(page.annotation)}] /BS << /W 0 >> /F 4 >>`,
      );
    }
  });
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(text));
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text);
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  text += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

/** Three pages: red 200x100 pt, blue 100x300 pt with a yellow annotation, green 50x50 pt. */
export function threePagePdf(): Buffer {
  return pdfDocument([
    { width: 200, height: 100, rgb: [255, 0, 0] },
    { width: 100, height: 300, rgb: [0, 0, 255], annotation: [255, 255, 0] },
    { width: 50, height: 50, rgb: [0, 255, 0] },
  ]);
}
