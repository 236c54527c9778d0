// The billing area's route modules, loaded together on the first visit to /billing.
import { BillingLayout } from './billing-layout.tsx';
import { BillingOverviewPage } from './billing-overview-page.tsx';
import { InvoicesPage } from './invoices-page.tsx';
import { PlansPage } from './plans-page.tsx';
import { PortalPage } from './portal-page.tsx';

export const billingRoute = { Component: BillingLayout };
export const overviewRoute = { Component: BillingOverviewPage };
export const plansRoute = { Component: PlansPage };
export const invoicesRoute = { Component: InvoicesPage };
export const portalRoute = { Component: PortalPage };
