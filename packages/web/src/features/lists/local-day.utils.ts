// Days as the viewer's calendar has them: a date input's `YYYY-MM-DD` and the moment that day
// starts in the viewer's time zone, which is how the lists show their times too.

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The moment `day` (YYYY-MM-DD) starts in the viewer's time zone; null for no real date. */
export function localDayStart(day: string): number | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = new Date(year, month - 1, date);
  // 2025-02-30 rolls over to March: no such day.
  if (start.getFullYear() !== year || start.getMonth() !== month - 1 || start.getDate() !== date) {
    return null;
  }
  return start.getTime();
}

/** The viewer's calendar day of a moment, as a date input takes it (YYYY-MM-DD). */
export function localDayOf(ms: number): string {
  const date = new Date(ms);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day after `day` (YYYY-MM-DD), across month and year ends and clock changes. */
export function nextLocalDay(day: string): string | null {
  const start = localDayStart(day);
  if (start === null) return null;
  const date = new Date(start);
  date.setDate(date.getDate() + 1);
  return localDayOf(date.getTime());
}
