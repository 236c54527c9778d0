import { PERMISSION_GROUPS, type PermissionGroup } from '@darkroom/core';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** A date as the users table shows it ("Nov 21, 2025"), in the viewer's time zone. */
export function formatDate(ms: number, format: Intl.DateTimeFormat = dateFormat): string {
  return Number.isFinite(ms) ? format.format(new Date(ms)) : '—';
}

/** The chosen groups after one box is checked or unchecked, in the catalogue's order. */
export function toggleGroup(
  chosen: readonly PermissionGroup[],
  group: PermissionGroup,
  checked: boolean,
): PermissionGroup[] {
  return PERMISSION_GROUPS.filter((candidate) =>
    candidate === group ? checked : chosen.includes(candidate),
  );
}
