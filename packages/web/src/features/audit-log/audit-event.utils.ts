import {
  classifyUserAgent,
  PERMISSION_GROUP_LABELS,
  PERMISSION_GROUPS,
  UNKNOWN_LABEL,
  type PermissionGroup,
} from '@darkroom/core';
import type { AuditEvent } from '../../api/audit-events.ts';

/** Names the page knows for the ids an event holds; undefined when it does not know one. */
export interface AuditLookups {
  user: (id: string) => { name: string; email: string } | undefined;
  apiKeyName: (id: string) => string | undefined;
  company: (id: string) => string | undefined;
}

/** Who acted, as the log's Actor column tells it. */
export interface ActorDescription {
  /** The person, or the API key, that acted; null when nobody was signed in. */
  name: string | null;
  /** The person's email, or whose key it was. */
  note: string | null;
  /** The request carried an API key rather than a dashboard session. */
  viaApiKey: boolean;
  /** An install administrator acted as this person. */
  impersonated: boolean;
}

/** An id short enough for a table, whole in its tooltip: `65f0c2…9e1a`. */
export function shortId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 6)}…${id.slice(-4)}` : id;
}

/** The name a key had, from the page's keys or from the event itself (creation and use). */
function keyNameOf(event: AuditEvent, lookups: AuditLookups, id: string): string | undefined {
  const own = event.details['name'];
  const fromEvent =
    (event.action === 'api_key.used' || event.action === 'api_key.created') &&
    event.target_id === id &&
    typeof own === 'string'
      ? own
      : undefined;
  return lookups.apiKeyName(id) ?? fromEvent;
}

export function describeActor(event: AuditEvent, lookups: AuditLookups): ActorDescription {
  const impersonated = event.impersonator_user_id !== null;
  if (event.actor_user_id === null) {
    return { name: null, note: null, viaApiKey: false, impersonated };
  }
  const user = lookups.user(event.actor_user_id);
  const person = event.actor_name ?? user?.name ?? shortId(event.actor_user_id);
  if (event.actor_api_key_id !== null) {
    const keyName = keyNameOf(event, lookups, event.actor_api_key_id);
    return {
      name: keyName === undefined ? 'An API key' : `API key “${keyName}”`,
      note: `of ${person}`,
      viaApiKey: true,
      impersonated,
    };
  }
  return { name: person, note: user?.email ?? null, viaApiKey: false, impersonated };
}

/** What an action was done to, and what the log kept of the request. */
export interface TargetDescription {
  label: string | null;
  /** A dashboard page for the target, when there is one. */
  href: string | null;
  /** The full id, for the tooltip. */
  id: string | null;
  details: string[];
}

function groupsOf(value: unknown): PermissionGroup[] {
  if (!Array.isArray(value)) return [];
  return PERMISSION_GROUPS.filter((group) => value.includes(group));
}

/** The details worth a line: the groups given, the email tried, the URL purged, the key set. */
function detailLines(event: AuditEvent): string[] {
  const { details } = event;
  const lines: string[] = [];
  const groups = groupsOf(details['permissions']);
  if (groups.length > 0) {
    lines.push(`Groups: ${groups.map((group) => PERMISSION_GROUP_LABELS[group]).join(', ')}`);
  }
  if (typeof details['email'] === 'string') lines.push(`Email tried: ${details['email']}`);
  if (typeof details['url'] === 'string') lines.push(details['url']);
  // Upload credentials: which kind, the access key masked as the API shows it (never a secret).
  if (details['credential'] === 'sas_token') lines.push('SAS token');
  if (typeof details['access_key'] === 'string') lines.push(`Access key ${details['access_key']}`);
  return lines;
}

export function describeTarget(
  event: AuditEvent,
  lookups: AuditLookups,
  { linkSources }: { linkSources: boolean },
): TargetDescription {
  const details = detailLines(event);
  const id = event.target_id;
  // A key's use targets the key that acted: the Actor column names it already.
  if (id === null || id === event.actor_api_key_id) {
    return { label: null, href: null, id: null, details };
  }
  const short = shortId(id);
  switch (event.target_type) {
    case 'users': {
      const user = lookups.user(id);
      return { label: `User ${user?.name ?? short}`, href: null, id, details };
    }
    case 'api_keys': {
      const name = keyNameOf(event, lookups, id);
      return { label: `API key ${name ? `“${name}”` : short}`, href: null, id, details };
    }
    case 'sources':
      return { label: `Source ${short}`, href: linkSources ? `/sources/${id}` : null, id, details };
    case 'accounts':
      return { label: `Account ${lookups.company(id) ?? short}`, href: null, id, details };
    default:
      return { label: `${event.target_type ?? 'Item'} ${short}`, href: null, id, details };
  }
}

/**
 * A user agent in a few words: "Chrome on macOS", or its first product ("curl/8.4.0") when it
 * names no known browser; the full text stays available beside it.
 */
export function shortUserAgent(userAgent: string): string {
  const text = userAgent.trim();
  if (text === '') return 'None';
  const { browser, os } = classifyUserAgent(text);
  if (browser !== UNKNOWN_LABEL) return os === UNKNOWN_LABEL ? browser : `${browser} on ${os}`;
  const product = text.split(/\s/)[0] ?? text;
  return product.length > 32 ? `${product.slice(0, 31)}…` : product;
}

const eventDayFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const eventClockFormat = new Intl.DateTimeFormat('en', { timeStyle: 'short' });

/** When an event happened, to the minute, in the viewer's time zone: its day and its time. */
export function eventTime(ms: number): { day: string; clock: string } {
  if (!Number.isFinite(ms)) return { day: '—', clock: '' };
  const at = new Date(ms);
  return { day: eventDayFormat.format(at), clock: eventClockFormat.format(at) };
}

/** The names keys had when created or used, from the events themselves: revoked keys too. */
function keyNamesIn(events: readonly AuditEvent[]): [string, string][] {
  return events.flatMap((event) => {
    const name = event.details['name'];
    const named = event.action === 'api_key.created' || event.action === 'api_key.used';
    return named && event.target_id !== null && typeof name === 'string'
      ? [[event.target_id, name] as [string, string]]
      : [];
  });
}

/**
 * Lookups over the lists a page has loaded: the account's users, its keys (and the names its
 * events recorded for keys since revoked), the install's accounts.
 */
export function auditLookups({
  users = [],
  apiKeys = [],
  accounts = [],
  events = [],
}: {
  users?: readonly { id: string; name: string; email: string }[] | undefined;
  apiKeys?: readonly { id: string; name: string }[] | undefined;
  accounts?: readonly { id: string; company: string }[] | undefined;
  events?: readonly AuditEvent[] | undefined;
}): AuditLookups {
  const usersById = new Map(users.map((user) => [user.id, user]));
  const keyNames = new Map([
    ...keyNamesIn(events),
    ...apiKeys.map((key): [string, string] => [key.id, key.name]),
  ]);
  const companies = new Map(accounts.map((account) => [account.id, account.company]));
  return {
    user: (id) => usersById.get(id),
    apiKeyName: (id) => keyNames.get(id),
    company: (id) => companies.get(id),
  };
}

/** The people a log can be filtered by: "Ada Lovelace (ada@example.com)". */
export function actorOptions(
  users: readonly { id: string; name: string; email: string }[] | undefined,
): { value: string; label: string }[] {
  return (users ?? []).map((user) => ({ value: user.id, label: `${user.name} (${user.email})` }));
}
