/**
 * What `pdfinfo` (poppler-utils) prints about a document and one of its pages, read from its
 * text: `Pages:`, `Encrypted:`, and `Page size:` / `Page rot:` (or `Page    N size:` when run
 * with `-f N -l N`, pdfinfo(1)). Sizes are in PDF points, 72 to the inch.
 */
export interface PdfInfo {
  pages: number;
  encrypted: boolean;
  /** The page's media box in points, before its rotation; null when pdfinfo printed none. */
  size: { width: number; height: number } | null;
  /** The page's /Rotate, a multiple of 90 (0 when not printed). */
  rotation: number;
}

export function parsePdfInfo(text: string): PdfInfo {
  const pages = /^Pages:\s+(\d+)\s*$/m.exec(text);
  const size = /^Page(?:\s+\d+)?\s+size:\s+([\d.]+) x ([\d.]+) pts/m.exec(text);
  const rotation = /^Page(?:\s+\d+)?\s+rot:\s+(-?\d+)/m.exec(text);
  return {
    pages: pages ? Number(pages[1]) : 0,
    encrypted: /^Encrypted:\s+yes/m.test(text),
    size: size ? { width: Number(size[1]), height: Number(size[2]) } : null,
    rotation: rotation ? ((Number(rotation[1]) % 360) + 360) % 360 : 0,
  };
}
