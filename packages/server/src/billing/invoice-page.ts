// The hosted invoice page of the local ledger: plain HTML a customer can open, print or share,
// as a payment provider's hosted invoice page is.
import type { BillingInvoiceRow } from '../db/schema.ts';
import { formatDate, formatMoney, printedLines, STATUS_LABELS } from './invoice-format.ts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

export function invoicePage(invoice: BillingInvoiceRow, company: string, pdfUrl: string): string {
  const rows = printedLines(invoice)
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}</td><td class="n">${escapeHtml(line.quantity)}</td><td class="n">${escapeHtml(line.amount)}</td></tr>`,
    )
    .join('\n');
  const total = formatMoney(invoice.amount_due, invoice.currency);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invoice ${escapeHtml(invoice.number)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 48rem; padding: 1.5rem; color: #111; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #ddd; padding: .5rem; text-align: left; }
.n { text-align: right; }
.total td { font-weight: 600; border-bottom: 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dt { color: #555; }
</style>
</head>
<body>
<main>
<h1>Invoice ${escapeHtml(invoice.number)}</h1>
<dl>
<dt>Billed to</dt><dd>${escapeHtml(company)}</dd>
<dt>Status</dt><dd>${STATUS_LABELS[invoice.status]}</dd>
<dt>Period</dt><dd>${formatDate(invoice.period_start)} to ${formatDate(invoice.period_end)}</dd>
<dt>Issued</dt><dd>${formatDate(invoice.created_at)}</dd>
${invoice.due_date ? `<dt>Due</dt><dd>${formatDate(invoice.due_date)}</dd>` : ''}
</dl>
<table>
<thead><tr><th scope="col">Description</th><th scope="col" class="n">Quantity</th><th scope="col" class="n">Amount</th></tr></thead>
<tbody>
${rows}
<tr class="total"><td colspan="2">Total</td><td class="n">${escapeHtml(total)}</td></tr>
</tbody>
</table>
<p><a href="${escapeHtml(pdfUrl)}">Download PDF</a></p>
</main>
</body>
</html>
`;
}
