const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const COUNT = new Intl.NumberFormat('en-US');

/** A conversion rate as a percentage; a dash before anyone was shown the variant. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : PERCENT.format(rate);
}

export function formatCount(count: number): string {
  return COUNT.format(count);
}
