import { ExternalLink, FileDown } from 'lucide-react';
import type { Invoice } from '../../api/billing.ts';
import { Badge } from '../../ui/index.ts';
import { TableHead } from '../lists/table-head.tsx';
import { formatMoney, invoicePeriod, invoiceStatusLook } from './billing.utils.ts';

const INVOICE_COLUMNS = [
  { title: 'Period' },
  { title: 'Invoice' },
  { title: 'Amount' },
  { title: 'Status' },
  { title: 'Documents', hidden: true },
] as const;

function Period({ invoice }: { invoice: Invoice }) {
  const period = invoicePeriod(invoice);
  return period ? <time dateTime={period.key}>{period.label}</time> : <span>—</span>;
}

function StatusBadge({ invoice }: { invoice: Invoice }) {
  const look = invoiceStatusLook(invoice.status);
  return <Badge color={look.color}>{look.label}</Badge>;
}

function invoiceName(invoice: Invoice): string {
  return invoice.number ?? invoice.id;
}

const linkClass =
  'inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

/** The hosted page and the PDF, each named with the invoice so a list of links still reads. */
function DocumentLinks({ invoice }: { invoice: Invoice }) {
  const name = invoiceName(invoice);
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-1">
      {invoice.hosted_invoice_url && (
        <a
          href={invoice.hosted_invoice_url}
          target="_blank"
          rel="noopener noreferrer"
          className={linkClass}
          aria-label={`View invoice ${name} (opens in a new tab)`}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          View
        </a>
      )}
      {invoice.invoice_pdf && (
        <a
          href={invoice.invoice_pdf}
          target="_blank"
          rel="noopener noreferrer"
          className={linkClass}
          aria-label={`Download invoice ${name} as PDF (opens in a new tab)`}
        >
          <FileDown aria-hidden="true" className="size-4" />
          PDF
        </a>
      )}
    </div>
  );
}

/** Invoices as a table on wider screens and as cards on phones. */
export function InvoicesList({ invoices }: { invoices: Invoice[] }) {
  return (
    <>
      <div className="hidden overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm sm:block">
        <table className="min-w-full divide-y divide-zinc-200 text-sm">
          <caption className="sr-only">Invoices</caption>
          <TableHead columns={INVOICE_COLUMNS} />
          <tbody className="divide-y divide-zinc-100">
            {invoices.map((invoice) => (
              <tr key={invoice.id} className="hover:bg-zinc-50/60">
                <td className="px-4 py-3 font-medium whitespace-nowrap text-zinc-900">
                  <Period invoice={invoice} />
                </td>
                <td className="px-4 py-3 text-zinc-600">
                  <span className="font-mono text-xs">{invoiceName(invoice)}</span>
                  {invoice.plan?.nickname && (
                    <span className="block text-xs text-zinc-500">{invoice.plan.nickname}</span>
                  )}
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-zinc-900 tabular-nums">
                  {formatMoney(invoice.amount_due, invoice.currency)}
                </td>
                <td className="px-4 py-3">
                  <StatusBadge invoice={invoice} />
                </td>
                <td className="px-4 py-3">
                  <DocumentLinks invoice={invoice} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="Invoices" className="space-y-3 sm:hidden">
        {invoices.map((invoice) => (
          <li
            key={invoice.id}
            className="rounded-lg border border-zinc-200 bg-white p-4 text-sm shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <div>
                <p className="font-medium text-zinc-900">
                  <Period invoice={invoice} />
                </p>
                <p className="font-mono text-xs text-zinc-500">{invoiceName(invoice)}</p>
              </div>
              <StatusBadge invoice={invoice} />
            </div>
            <p className="mt-2 text-base font-semibold text-zinc-900 tabular-nums">
              {formatMoney(invoice.amount_due, invoice.currency)}
            </p>
            <div className="mt-3">
              <DocumentLinks invoice={invoice} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
