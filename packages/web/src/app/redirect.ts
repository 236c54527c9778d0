import { redirect } from 'react-router';

/**
 * The one redirect service (spec platform section 2: navigation goes through the host
 * application's redirect service). Components, the API client and event handlers navigate with
 * `redirectTo`; route guards answer with `guardRedirect`. Both sit on the data router.
 */
export interface RedirectOptions {
  replace?: boolean;
}

/** The part of a data router (`createBrowserRouter`, `createMemoryRouter`) the service uses. */
export interface NavigatingRouter {
  navigate(to: string, options: RedirectOptions): unknown;
  state: { location: { pathname: string; search: string } };
}

let router: NavigatingRouter | null = null;

/** Connects the service to the data router. Returns a function that disconnects it. */
export function connectRedirects(dataRouter: NavigatingRouter): () => void {
  router = dataRouter;
  return () => {
    if (router === dataRouter) router = null;
  };
}

/** Navigates to an in-app path such as `/users?page=2`. */
export function redirectTo(path: string, options: RedirectOptions = {}): void {
  if (router) {
    void router.navigate(path, { replace: options.replace ?? false });
    return;
  }
  // Before the router exists (or outside it) a full page load still gets the user there.
  if (options.replace) window.location.replace(path);
  else window.location.assign(path);
}

/** The response a route loader returns (or throws) to send the user elsewhere before rendering. */
export function guardRedirect(path: string): Response {
  return redirect(path);
}

/** The sign-in path that brings the user back to `returnTo` afterwards. */
export function signInPath(returnTo?: string): string {
  if (!returnTo || returnTo === '/' || !isSafeNextPath(returnTo)) return '/sign-in';
  return `/sign-in?next=${encodeURIComponent(returnTo)}`;
}

/** Only same-origin paths are followed after sign-in, so `next` cannot send users off-site. */
export function isSafeNextPath(path: string | null | undefined): path is string {
  return (
    typeof path === 'string' &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.includes('\\')
  );
}

/** The in-app location the user is at, as a path with its query string. */
export function currentPath(): string {
  const location = router?.state.location ?? window.location;
  return `${location.pathname}${location.search}`;
}
