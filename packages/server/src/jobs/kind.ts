// A job kind is declared once: its name in the jobs table and the schema of its payload, from
// which the payload's type comes. Enqueueing takes that type; running parses the stored JSON
// with the schema, so a handler gets a checked payload and no cast is written anywhere.
import type { z } from 'zod';
import type { JobPayload } from '../db/schema.ts';

export interface JobKind<Payload extends JobPayload> {
  /** The `kind` column of its rows. */
  readonly name: string;
  readonly payload: z.ZodType<Payload>;
  /** Attempts before a failing job is kept as failed; the table's default when absent. */
  readonly maxAttempts?: number;
}

export function defineJobKind<Payload extends JobPayload>(
  name: string,
  payload: z.ZodType<Payload>,
  options: { maxAttempts?: number } = {},
): JobKind<Payload> {
  return { name, payload, ...options };
}
