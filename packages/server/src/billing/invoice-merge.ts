// Spec platform section 7: invoices of several statuses are fetched in parallel and merged; an
// answer with an unexpected status is an error, and when status requests fail the first
// failure is the answer.
import { isInvoiceStatus, type Invoice, type InvoiceStatus } from '@darkroom/core';

/** An invoice whose status is not one the spec knows, or not the one that was asked for. */
export class UnexpectedInvoiceStatusError extends Error {
  override name = 'UnexpectedInvoiceStatusError';
}

/** The statuses of a `status` query value: repeated, comma-separated, or both. */
export function statusList(value: unknown): string[] {
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return [
    ...new Set(
      values
        .flatMap((item) => String(item).split(','))
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    ),
  ];
}

function checkStatuses(invoices: readonly Invoice[], asked: InvoiceStatus | undefined): void {
  for (const invoice of invoices) {
    const status: string = invoice.status;
    if (!isInvoiceStatus(status) || (asked !== undefined && status !== asked)) {
      throw new UnexpectedInvoiceStatusError(
        `Invoice ${invoice.id} has the unexpected status "${status}".`,
      );
    }
  }
}

/**
 * Fetches the invoices of each status at once (or all of them when none is given), newest
 * first, at most `limit`. Rejects with the first failed status's error, in the order asked.
 */
export async function fetchInvoicesByStatus(
  statuses: readonly InvoiceStatus[],
  limit: number,
  fetch: (status: InvoiceStatus | undefined) => Promise<Invoice[]>,
): Promise<Invoice[]> {
  const asked = statuses.length === 0 ? [undefined] : statuses;
  const settled = await Promise.allSettled(
    asked.map(async (status) => {
      const invoices = await fetch(status);
      checkStatuses(invoices, status);
      return invoices;
    }),
  );
  const merged = new Map<string, Invoice>();
  for (const result of settled) {
    if (result.status === 'rejected') throw result.reason;
    for (const invoice of result.value) merged.set(invoice.id, invoice);
  }
  return [...merged.values()]
    .sort((a, b) => b.created - a.created || b.period_start - a.period_start)
    .slice(0, limit);
}
