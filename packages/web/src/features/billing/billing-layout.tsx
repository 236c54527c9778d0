import { clsx } from 'clsx';
import { NavLink, Outlet } from 'react-router';
import { useDocumentTitle } from '../../app/document-title.ts';
import { usePermission } from '../../app/permissions.ts';
import { PermissionRequired } from '../permissions/permission-required.tsx';

const TABS = [
  { to: '/billing', label: 'Plan and usage', end: true },
  { to: '/billing/plans', label: 'Plans', end: false },
  { to: '/billing/invoices', label: 'Invoices', end: false },
  { to: '/billing/portal', label: 'Payment and subscription', end: false },
] as const;

/**
 * The billing area (spec platform section 2): one heading, a tab per screen. Every screen of it
 * needs the Billing group (spec section 5); without it the area says so instead of its tabs.
 */
export function BillingLayout() {
  const allowed = usePermission('billing');
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">Billing</h1>
        <p className="mt-1 text-sm text-zinc-600">Your plan, what you use of it, and invoices.</p>
      </div>
      {allowed ? <BillingTabs /> : <BillingRequired />}
    </div>
  );
}

function BillingRequired() {
  useDocumentTitle('Billing');
  return <PermissionRequired group="billing" />;
}

function BillingTabs() {
  return (
    <>
      <nav aria-label="Billing" className="mb-6 overflow-x-auto border-b border-zinc-200">
        <ul className="flex min-w-max gap-1">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                className={({ isActive }) =>
                  clsx(
                    '-mb-px inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600',
                    isActive
                      ? 'border-brand-600 text-zinc-900'
                      : 'border-transparent text-zinc-600 hover:border-zinc-300 hover:text-zinc-900',
                  )
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </>
  );
}
