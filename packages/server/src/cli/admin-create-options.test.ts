import { describe, expect, it } from 'vitest';
import { parseAdminCreateArguments } from './admin-create-options.ts';

describe('parseAdminCreateArguments', () => {
  it('reads --email, --password and an optional --name', () => {
    expect(
      parseAdminCreateArguments([
        '--email',
        'Root@Example.com',
        '--password',
        'long enough!',
        '--name',
        'Root',
      ]),
    ).toEqual({
      kind: 'options',
      options: { email: 'root@example.com', password: 'long enough!', name: 'Root' },
    });
    expect(parseAdminCreateArguments(['--email=a@example.com', '--password=long enough!'])).toEqual(
      {
        kind: 'options',
        options: { email: 'a@example.com', password: 'long enough!', name: undefined },
      },
    );
  });

  it('explains what is wrong with the arguments', () => {
    expect(parseAdminCreateArguments(['--email', 'a@example.com'])).toEqual({
      kind: 'usage-error',
      message: '--email and --password are required.',
    });
    expect(parseAdminCreateArguments(['--email', 'nope', '--password', 'long enough!'])).toEqual({
      kind: 'usage-error',
      message: '--email: Enter a valid email address',
    });
    expect(parseAdminCreateArguments(['--email', 'a@example.com', '--password', 'short'])).toEqual({
      kind: 'usage-error',
      message: '--password: Use at least 10 characters',
    });
    expect(parseAdminCreateArguments(['--bogus'])).toMatchObject({ kind: 'usage-error' });
    expect(parseAdminCreateArguments(['--help'])).toEqual({ kind: 'help' });
  });
});
