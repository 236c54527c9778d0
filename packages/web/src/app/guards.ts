import { data, type LoaderFunctionArgs } from 'react-router';
import { getSession } from './session.ts';
import { bootstrapSession } from './session-bootstrap.ts';
import { guardRedirect, isSafeNextPath, signInPath } from './redirect.ts';

/** Where a signed-in user lands when nothing else was asked for. */
export const HOME_PATH = '/sources';

function pathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

// Loaders of nested routes run in parallel, so every guard waits for the start-up session itself.

/** Signed-out users go to sign-in, which brings them back here afterwards. */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<null> {
  await bootstrapSession();
  if (!getSession()) throw guardRedirect(signInPath(pathOf(request)));
  return null;
}

/** Admin-only routes answer 404 to everyone else, as the API does: their existence is not revealed. */
export async function requireAdmin(args: LoaderFunctionArgs): Promise<null> {
  await requireSession(args);
  if (!getSession()?.admin) throw data('Not found', { status: 404 });
  return null;
}

/** The sign-in and sign-up pages send signed-in users on to the dashboard. */
export async function requireGuest({ request }: LoaderFunctionArgs): Promise<null> {
  await bootstrapSession();
  if (getSession()) {
    const next = new URL(request.url).searchParams.get('next');
    throw guardRedirect(isSafeNextPath(next) ? next : HOME_PATH);
  }
  return null;
}
