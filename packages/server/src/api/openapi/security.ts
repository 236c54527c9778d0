// Who may call each operation, as the reference says it: OpenAPI security schemes for the three
// ways a request is signed in (authentication.ts), and the permission group the route needs
// (route-permissions.ts's ROUTE_RULES for /api/v4, v1/route-rules.ts's for /api/v1; an
// administrator's session for /api/v4/admin).
import { PERMISSION_GROUP_LABELS, type PermissionGroup } from '@darkroom/core';
import { ADMIN_COOKIE } from '../authentication.ts';
import { API_PREFIX } from '../prefix.ts';
import { ROUTE_RULES, routeRule, type RouteRule } from '../route-permissions.ts';
import { MANAGEMENT_API_PREFIX } from '../v1/prefix.ts';
import { MANAGEMENT_ROUTE_RULES } from '../v1/route-rules.ts';
import type { JsonSchema } from './json-schema.ts';
import type { OperationDoc } from './operation-doc.ts';
import type { OperationKey } from './registry.ts';

/** A route's rule, or `admin`: an administrator's own session (/api/v4/admin). */
export type Access = RouteRule | 'admin';

/** Each API's prefix and its permission table, as enforceRouteRules applies them. */
const RULED_APIS: readonly (readonly [string, Readonly<Record<string, RouteRule>>])[] = [
  [API_PREFIX, ROUTE_RULES],
  [MANAGEMENT_API_PREFIX, MANAGEMENT_ROUTE_RULES],
];

const ADMIN_PREFIX = `${API_PREFIX}/admin`;

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export const SECURITY_SCHEMES: Record<string, JsonSchema> = {
  sessionToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The `token` of a session: the answer of `POST /api/v4/sessions` (sign in) or `POST /api/v4/accounts` (sign up).',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'drk_key_...',
    description:
      "An account API key (`POST /api/v4/api-keys`): acts for the user who created it, within the key's own permission groups.",
  },
  adminCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: ADMIN_COOKIE,
    description:
      "Set at an administrator's sign-in in a browser; counts only for an administrator's own session, and only without an Authorization header.",
  },
};

/** Who may call the operation at `key`, as its API's permission table says. */
export function accessOf(key: OperationKey): Access | undefined {
  if (isUnder(key.path, ADMIN_PREFIX)) return 'admin';
  const ruled = RULED_APIS.find(([prefix]) => isUnder(key.path, prefix));
  return ruled === undefined ? undefined : routeRule(key.method, key.path, ruled[0], ruled[1]);
}

/** The operation's Security Requirement Objects (OpenAPI 3.1, "Security Requirement Object"). */
export function securityOf(access: Access | undefined, doc: OperationDoc): JsonSchema[] {
  if (access === 'public') return [];
  if (access === 'admin') return [{ sessionToken: [] }, { adminCookie: [] }];
  const requirements: JsonSchema[] = [{ sessionToken: [] }];
  if (doc.refusesApiKeys !== true) requirements.push({ apiKey: [] });
  requirements.push({ adminCookie: [] });
  // An empty requirement makes signing in optional (OpenAPI 3.1, "Security Requirement Object").
  if (doc.openWithToken === true) requirements.push({});
  return requirements;
}

function groupText(group: PermissionGroup): string {
  return `the ${PERMISSION_GROUP_LABELS[group]} permission group (\`${group}\`)`;
}

/** One sentence on who may call the operation, for its description. */
export function accessSentence(access: Access | undefined, doc: OperationDoc): string {
  const keys = doc.refusesApiKeys === true ? ' API keys are refused: sign in as a person.' : '';
  const link =
    doc.openWithToken === true ? ' Without signing in, the link\u2019s `token` opens it.' : '';
  switch (access) {
    case undefined:
      return `**Access:** any signed-in caller.${keys}${link}`;
    case 'public':
      return '**Access:** anyone; no sign-in needed.';
    case 'signed_in':
      return `**Access:** any signed-in user of the account.${keys}${link}`;
    case 'admin':
      return "**Access:** an administrator's own session; anyone else is answered 404.";
    case 'account_admin_or_self':
      return `**Access:** ${groupText('account_admin')}, or the user the path names.${keys}${link}`;
    default:
      return `**Access:** ${groupText(access)}.${keys}${link}`;
  }
}
