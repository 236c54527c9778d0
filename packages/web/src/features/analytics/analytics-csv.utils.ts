/** One CSV field, quoted when it holds a separator, a quote or a line break (RFC 4180). */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  // A leading =, +, - or @ makes spreadsheets run the cell as a formula: referrer hosts and asset
  // paths come from strangers' requests, so such cells are quoted and prefixed.
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) || safe !== text ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A CSV document, CRLF line ends as RFC 4180 asks. */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** A table on the page, as the export writes it: a titled block of a header and rows. */
export interface ExportTable {
  title: string;
  columns: readonly string[];
  rows: readonly (readonly (string | number | null)[])[];
}

/**
 * The export of the screen: a line naming the period and source, then each table shown, in the
 * page's order, separated by blank lines (one file that spreadsheets open directly).
 */
export function analyticsCsv(context: readonly string[], tables: readonly ExportTable[]): string {
  const rows: (string | number | null)[][] = [[...context]];
  for (const table of tables) {
    rows.push([], [table.title], [...table.columns], ...table.rows.map((row) => [...row]));
  }
  return toCsv(rows);
}

/** A file name for the export: `darkroom-analytics-2026-11-15-to-2026-11-22.csv`. */
export function csvFileName(startDay: string, endDay: string): string {
  return `darkroom-analytics-${startDay}-to-${endDay}.csv`;
}
