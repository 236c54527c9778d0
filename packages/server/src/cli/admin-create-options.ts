import { parseArgs } from 'node:util';
import { emailSchema, newPasswordSchema, personNameSchema } from '@darkroom/core';

export const ADMIN_CREATE_USAGE = `Usage: npm run admin:create -- --email EMAIL --password PASSWORD [--name NAME]

Creates an administrator, or makes an existing user one (setting the given password).
Uses the same database as the server: DATABASE_URL, else the embedded one in DATA_DIR.
Stop the server first when it uses the embedded database.`;

interface AdminCreateOptions {
  email: string;
  password: string;
  name: string | undefined;
}

export type ParsedArguments =
  | { kind: 'options'; options: AdminCreateOptions }
  | { kind: 'help' }
  | { kind: 'usage-error'; message: string };

/** Reads and validates the command line of `admin:create` (the same rules as sign-up). */
export function parseAdminCreateArguments(args: string[]): ParsedArguments {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    return { kind: 'usage-error', message: (error as Error).message };
  }
  if (values.help) return { kind: 'help' };
  if (!values.email || !values.password) {
    return { kind: 'usage-error', message: '--email and --password are required.' };
  }
  const email = emailSchema.safeParse(values.email);
  if (!email.success) {
    return { kind: 'usage-error', message: `--email: ${email.error.issues[0]?.message}` };
  }
  const password = newPasswordSchema.safeParse(values.password);
  if (!password.success) {
    return { kind: 'usage-error', message: `--password: ${password.error.issues[0]?.message}` };
  }
  const name = values.name === undefined ? undefined : personNameSchema.safeParse(values.name);
  if (name && !name.success) {
    return { kind: 'usage-error', message: `--name: ${name.error.issues[0]?.message}` };
  }
  return {
    kind: 'options',
    options: { email: email.data, password: password.data, name: name?.data },
  };
}
