const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** A date as the users table shows it ("Nov 21, 2025"), in the viewer's time zone. */
export function formatDate(ms: number, format: Intl.DateTimeFormat = dateFormat): string {
  return Number.isFinite(ms) ? format.format(new Date(ms)) : '—';
}
