import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { connectRedirects } from '../app/redirect.ts';
import { routes } from '../app/router.tsx';

const disconnects: (() => void)[] = [];

afterEach(() => {
  for (const disconnect of disconnects.splice(0)) disconnect();
});

/** Renders the whole dashboard at `path`, as the browser would, with a fresh query cache. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  disconnects.push(connectRedirects(router));
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient, user };
}

/** The router's current path with its query string. */
export function pathOf(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}
