// The invoice as a PDF (pdf-lib), with the same content as the hosted page.
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { BillingInvoiceRow } from '../db/schema.ts';
import { formatDate, formatMoney, printedLines, STATUS_LABELS } from './invoice-format.ts';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

/** The standard fonts encode WinAnsi only: anything else is replaced rather than refused. */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
}

export async function invoicePdf(invoice: BillingInvoiceRow, company: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${invoice.number}`);
  pdf.setProducer('Darkroom');
  // Readable without text extraction (pdf-lib's getSubject): tests and tools check the total.
  pdf.setSubject(`Total ${formatMoney(invoice.amount_due, invoice.currency)}`);
  pdf.setCreationDate(invoice.created_at);
  const page = pdf.addPage(A4);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const right = A4[0] - MARGIN;
  let y = A4[1] - MARGIN;

  const text = (value: string, x: number, size = 11, font = regular) =>
    page.drawText(printable(value), { x, y, size, font, color: rgb(0.07, 0.07, 0.07) });
  const textRight = (value: string, x: number, size = 11, font = regular) =>
    text(value, x - font.widthOfTextAtSize(printable(value), size), size, font);

  text(`Invoice ${invoice.number}`, MARGIN, 20, bold);
  y -= 32;
  const details: [string, string][] = [
    ['Billed to', company],
    ['Status', STATUS_LABELS[invoice.status]],
    ['Period', `${formatDate(invoice.period_start)} to ${formatDate(invoice.period_end)}`],
    ['Issued', formatDate(invoice.created_at)],
    ...(invoice.due_date ? [['Due', formatDate(invoice.due_date)] as [string, string]] : []),
  ];
  for (const [label, value] of details) {
    text(label, MARGIN, 11, bold);
    text(value, MARGIN + 90, 11);
    y -= 16;
  }
  y -= 16;
  text('Description', MARGIN, 11, bold);
  textRight('Quantity', right - 110, 11, bold);
  textRight('Amount', right, 11, bold);
  y -= 6;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.5 });
  y -= 16;
  for (const line of printedLines(invoice)) {
    text(line.description, MARGIN);
    textRight(line.quantity, right - 110);
    textRight(line.amount, right);
    y -= 18;
  }
  page.drawLine({ start: { x: MARGIN, y: y + 10 }, end: { x: right, y: y + 10 }, thickness: 0.5 });
  y -= 6;
  text('Total', MARGIN, 12, bold);
  textRight(formatMoney(invoice.amount_due, invoice.currency), right, 12, bold);
  return pdf.save();
}
