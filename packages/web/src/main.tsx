import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { ErrorBoundary } from './app/error-boundary.tsx';
import { Providers } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { connectRedirects } from './app/redirect.ts';
import { createAppRouter } from './app/router.tsx';
import './index.css';

const router = createAppRouter();
connectRedirects(router);
const queryClient = createQueryClient();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <ErrorBoundary>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </ErrorBoundary>
  </StrictMode>,
);
