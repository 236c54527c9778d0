// The Azure SAS string rule (spec platform section 5): an account SAS with read and list access
// that stays valid for about a year, because a source keeps using it long after it is created.
import { DAY, YEAR } from '../units/time.ts';
import { requiredText } from './base-schemas.ts';
import { SOURCE_MESSAGES } from './messages.ts';

/** The parameters every account SAS carries (version, services, resource types, permissions, expiry, signature). */
export const REQUIRED_SAS_PARAMETERS = ['sv', 'ss', 'srt', 'sp', 'se', 'sig'] as const;

/** The expiry must be at least one year minus one day after now. */
export const MIN_SAS_VALIDITY_MS = YEAR - DAY;

/** A point in time in ms, or a function giving one when a value is checked. */
export type Clock = number | (() => number);

const readClock = (clock: Clock): number => (typeof clock === 'function' ? clock() : clock);

// Azure writes SAS times as ISO 8601 UTC dates, with or without a time (and seconds).
const SAS_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,7})?)?Z)?$/;

/** Reads the query parameters of a SAS string (leading ? optional); values are percent-decoded. */
export function parseSasParameters(sas: string): Map<string, string> {
  const parameters = new Map<string, string>();
  const text = sas.startsWith('?') ? sas.slice(1) : sas;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    const raw = equals === -1 ? '' : pair.slice(equals + 1);
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // A malformed escape leaves the value as written; the time checks then reject it.
    }
    parameters.set(name, value);
  }
  return parameters;
}

/** Parses a SAS start or expiry time into ms since the epoch, or null. */
export function parseSasTime(value: string): number | null {
  if (!SAS_TIME.test(value)) return null;
  const time = Date.parse(value.includes('T') ? value : `${value}T00:00:00Z`);
  return Number.isNaN(time) ? null : time;
}

function listNames(names: readonly string[]): string {
  if (names.length === 1) return `the ${names[0] ?? ''} parameter`;
  return `the ${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''} parameters`;
}

/**
 * The problem with a SAS string, or null when it passes every rule: allowed characters, the six
 * required parameters, an expiry at least one year minus one day after `now`, and a start (if
 * any) that is not in the future.
 */
export function azureSasProblem(sas: string, now: number): string | null {
  if (!/^\??[A-Za-z0-9\-_.:=&%]+$/.test(sas)) {
    return `${SOURCE_MESSAGES.invalidSasString} It can contain only letters, numbers and the characters - _ . : = & %.`;
  }
  const parameters = parseSasParameters(sas);
  const missing = REQUIRED_SAS_PARAMETERS.filter((name) => !parameters.get(name));
  if (missing.length > 0) {
    return `${SOURCE_MESSAGES.invalidSasString} It is missing ${listNames(missing)}: copy the whole SAS token from the Azure portal.`;
  }
  const expiry = parseSasTime(parameters.get('se') ?? '');
  if (expiry === null) {
    return `${SOURCE_MESSAGES.invalidSasString} Its expiry (se) is not a valid date.`;
  }
  if (expiry < now + MIN_SAS_VALIDITY_MS) {
    return 'The SAS must stay valid for at least one year: generate a new SAS with an expiry date at least one year from now.';
  }
  const startText = parameters.get('st');
  if (startText !== undefined) {
    const start = parseSasTime(startText);
    if (start === null) {
      return `${SOURCE_MESSAGES.invalidSasString} Its start (st) is not a valid date.`;
    }
    if (start > now) {
      return 'The SAS start time must be in the past: generate a new SAS that is already valid.';
    }
  }
  return null;
}

/**
 * azure_sas_string. `now` is injectable for tests; pass a function (the default reads the clock
 * on every check) when the schema lives longer than one request.
 */
export function azureSasSchema(now: Clock = () => Date.now()) {
  return requiredText().superRefine((sas, ctx) => {
    const problem = azureSasProblem(sas, readClock(now));
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });
}
