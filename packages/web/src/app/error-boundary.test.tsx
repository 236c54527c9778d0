import { GENERIC_PAGE_ERROR } from '@darkroom/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary, RouteErrorPage } from './error-boundary.tsx';

function Broken(): never {
  throw new Error('render failed');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ErrorBoundary', () => {
  it('shows the apology and a reload button when rendering fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });

    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Sorry, something went wrong. Please refresh the page and try again.',
    );
    expect(screen.getByText(GENERIC_PAGE_ERROR)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(reload).toHaveBeenCalled();
  });

  it('renders its children when nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>Fine</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Fine')).toBeInTheDocument();
  });
});

describe('RouteErrorPage', () => {
  it('shows the apology when a route throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const router = createMemoryRouter([
      { path: '/', Component: Broken, errorElement: <RouteErrorPage /> },
    ]);

    render(<RouterProvider router={router} />);

    expect(await screen.findByText(GENERIC_PAGE_ERROR)).toBeInTheDocument();
  });

  it('shows the not-found page for a 404 answer', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        loader: () => {
          throw new Response('Not found', { status: 404 });
        },
        Component: () => null,
        HydrateFallback: () => null,
        errorElement: <RouteErrorPage />,
      },
    ]);

    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
