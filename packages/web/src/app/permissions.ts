import { grantsPermission, type PermissionGroup } from '@darkroom/core';
import { useSession, type Session } from './session.ts';

/**
 * Whether a session's user holds `group`, Account Admin and Asset Manager Edit counting for what
 * they include (platform spec section 5). Groups not known yet count as held: the server decides
 * each request anyway, and refuses with its reason rather than the screen hiding everything.
 */
export function hasPermission(
  session: Pick<Session, 'permissions'> | null,
  group: PermissionGroup,
): boolean {
  if (!session) return false;
  return session.permissions === null || grantsPermission(session.permissions, group);
}

/** Whether the signed-in user holds `group`, re-rendering when their groups change. */
export function usePermission(group: PermissionGroup): boolean {
  return hasPermission(useSession(), group);
}
