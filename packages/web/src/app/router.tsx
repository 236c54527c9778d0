import {
  FORGOT_PASSWORD_PAGE_PATH,
  INVITATION_PAGE_PATH,
  PASSWORD_RESET_PAGE_PATH,
} from '@darkroom/core';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { SignUpPage } from '../features/auth/sign-up-page.tsx';
import { SourcesPage } from '../features/sources/list/sources-page.tsx';
import { AddUserDialog } from '../features/users/add-user-dialog.tsx';
import { UsersPage } from '../features/users/users-page.tsx';
import { RouteErrorPage } from './error-boundary.tsx';
import { requireAdmin, requireGuest, requireSession, HOME_PATH } from './guards.ts';
import { AppLayout } from './layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { guardRedirect } from './redirect.ts';
import { StartupScreen } from './startup-screen.tsx';

/**
 * Every route of the dashboard. The admin pages and the gallery are loaded on demand so the first
 * screen stays within the bundle budget (250 KB gzipped).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    errorElement: <RouteErrorPage />,
    HydrateFallback: StartupScreen,
    children: [
      {
        loader: requireGuest,
        children: [
          { path: 'sign-in', Component: SignInPage },
          { path: 'sign-up', Component: SignUpPage },
          {
            // Also where the password-changed email points (server mail/messages.ts).
            path: FORGOT_PASSWORD_PAGE_PATH.slice(1),
            lazy: async () => {
              const { ForgotPasswordPage } =
                await import('../features/auth/forgot-password-page.tsx');
              return { Component: ForgotPasswordPage };
            },
          },
        ],
      },
      // The emailed links' pages open whoever is signed in here: the link's token decides.
      {
        path: PASSWORD_RESET_PAGE_PATH.slice(1),
        lazy: async () => {
          const { ResetPasswordPage } = await import('../features/auth/reset-password-page.tsx');
          return { Component: ResetPasswordPage };
        },
      },
      {
        path: INVITATION_PAGE_PATH.slice(1),
        lazy: async () => {
          const { AcceptInvitationPage } =
            await import('../features/auth/accept-invitation-page.tsx');
          return { Component: AcceptInvitationPage };
        },
      },
      {
        loader: requireSession,
        // A change of query alone (filters, paging) keeps the signed-in state: re-checking it
        // would hold every such navigation until the loader settles, and drop a quick second one.
        shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
          currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate,
        Component: AppLayout,
        children: [
          { index: true, loader: () => guardRedirect(HOME_PATH) },
          { path: 'sources', Component: SourcesPage },
          {
            // The wizard and the configuration screen load on demand (bundle budget).
            path: 'sources/new',
            lazy: async () => {
              const { NewSourcePage } =
                await import('../features/sources/wizard/new-source-page.tsx');
              return { Component: NewSourcePage };
            },
          },
          {
            path: 'sources/:id',
            lazy: async () => {
              const { SourceConfigPage } =
                await import('../features/sources/config/source-config-page.tsx');
              return { Component: SourceConfigPage };
            },
          },
          {
            // Analytics loads on demand, and Recharts with it (bundle budget).
            path: 'analytics',
            lazy: async () => {
              const { AnalyticsPage } = await import('../features/analytics/analytics-page.tsx');
              return { Component: AnalyticsPage };
            },
          },
          {
            // The asset manager loads on demand (bundle budget).
            path: 'assets',
            lazy: async () => {
              const { AssetManagerPage } =
                await import('../features/assets/asset-manager-page.tsx');
              return { Component: AssetManagerPage };
            },
          },
          {
            // Before the asset's splat route; reached by a full page navigation from the editor.
            path: 'assets/:sourceId/image-to-video',
            lazy: async () => {
              const { ImageToVideoPage } =
                await import('../features/image-to-video/image-to-video-page.tsx');
              return { Component: ImageToVideoPage };
            },
          },
          {
            // The splat is the asset's origin path, which may hold slashes; ending in /editing
            // it opens the image editor, which loads (with Cropper.js) only then.
            path: 'assets/:sourceId/*',
            lazy: async () => {
              const { AssetOrEditorRoute } = await import('../features/editor/editing-route.tsx');
              return { Component: AssetOrEditorRoute };
            },
          },
          {
            // The Purge screen loads on demand (bundle budget).
            path: 'purges',
            lazy: async () => {
              const { PurgesPage } = await import('../features/purges/purges-page.tsx');
              return { Component: PurgesPage };
            },
          },
          {
            // Billing loads on demand (bundle budget); its screens are child routes.
            path: 'billing',
            lazy: async () => {
              const { billingRoute } = await import('../features/billing/billing-routes.tsx');
              return billingRoute;
            },
            children: [
              {
                index: true,
                lazy: () =>
                  import('../features/billing/billing-routes.tsx').then((m) => m.overviewRoute),
              },
              {
                path: 'plans',
                lazy: () =>
                  import('../features/billing/billing-routes.tsx').then((m) => m.plansRoute),
              },
              {
                path: 'invoices',
                lazy: () =>
                  import('../features/billing/billing-routes.tsx').then((m) => m.invoicesRoute),
              },
              {
                path: 'portal',
                lazy: () =>
                  import('../features/billing/billing-routes.tsx').then((m) => m.portalRoute),
              },
            ],
          },
          {
            path: 'users',
            Component: UsersPage,
            children: [{ path: 'new', Component: AddUserDialog }],
          },
          {
            // API keys and the audit log load on demand (bundle budget).
            path: 'api-keys',
            lazy: async () => {
              const { ApiKeysPage } = await import('../features/api-keys/api-keys-page.tsx');
              return { Component: ApiKeysPage };
            },
          },
          {
            path: 'audit-log',
            lazy: async () => {
              const { AuditLogPage } = await import('../features/audit-log/audit-log-page.tsx');
              return { Component: AuditLogPage };
            },
          },
          {
            path: 'admin/users',
            loader: requireAdmin,
            lazy: async () => {
              const { AdminUsersPage } = await import('../features/admin/admin-users-page.tsx');
              return { Component: AdminUsersPage };
            },
          },
          {
            path: 'admin/accounts',
            loader: requireAdmin,
            lazy: async () => {
              const { AdminAccountsPage } =
                await import('../features/admin/admin-accounts-page.tsx');
              return { Component: AdminAccountsPage };
            },
          },
          {
            path: 'admin/audit-log',
            loader: requireAdmin,
            lazy: async () => {
              const { AdminAuditLogPage } =
                await import('../features/audit-log/admin-audit-log-page.tsx');
              return { Component: AdminAuditLogPage };
            },
          },
          {
            path: 'admin/experiments',
            loader: requireAdmin,
            lazy: async () => {
              const { ExperimentResultsPage } =
                await import('../features/experiments/experiment-results-page.tsx');
              return { Component: ExperimentResultsPage };
            },
          },
          {
            path: 'ui',
            loader: requireAdmin,
            lazy: async () => {
              const { default: GalleryPage } = await import('../ui/gallery/gallery-page.tsx');
              return { Component: GalleryPage };
            },
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
