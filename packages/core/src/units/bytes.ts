const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** A file size in base-1000 units (spec platform section 9): 50000000 -> "50 MB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1000)
    return `${Math.max(0, Math.round(bytes || 0))} Bytes`;
  let exponent = Math.min(Math.floor(Math.log10(bytes) / 3), SIZE_UNITS.length - 1);
  // One decimal while it says something (1.5 MB), none once the number is large (250 KB).
  const rounded = (value: number) => (value < 10 ? Math.round(value * 10) / 10 : Math.round(value));
  let value = rounded(bytes / 1000 ** exponent);
  if (value >= 1000 && exponent < SIZE_UNITS.length - 1) {
    exponent += 1;
    value = rounded(bytes / 1000 ** exponent);
  }
  return `${value} ${SIZE_UNITS[exponent]}`;
}
