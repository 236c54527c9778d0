/**
 * The end of a monthly billing period that starts at `start`: the same day and time a month
 * later, or the month's last day when it is shorter (a period from 31 January ends on 28 or 29
 * February), in UTC.
 */
export function addBillingMonth(start: Date): Date {
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(start);
  end.setUTCFullYear(year, month, Math.min(start.getUTCDate(), lastDay));
  return end;
}

/** Unix seconds, as the payment-provider shapes carry times. */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
