import { useInvoicesQuery, type InvoiceQuery } from '../../api/billing.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { ListEmpty, ListError, ListSkeleton } from '../lists/list-states.tsx';
import { InvoicesList } from './invoices-list.tsx';

/** Drafts are still changing and not the customer's to pay, so they are not listed. */
const LISTED_INVOICES: InvoiceQuery = {
  limit: 100,
  statuses: ['open', 'paid', 'uncollectible', 'void'],
};

/** The account's invoices, newest first (route /billing/invoices). */
export function InvoicesPage() {
  useDocumentTitle('Invoices');
  const invoices = useInvoicesQuery(LISTED_INVOICES);

  return (
    <section aria-labelledby="invoices-heading">
      <h2 id="invoices-heading" className="mb-4 text-lg font-semibold text-zinc-900">
        Invoices
      </h2>
      {invoices.isPending ? (
        <ListSkeleton label="Loading invoices" />
      ) : invoices.isError ? (
        <ListError
          message={errorMessageOf(invoices.error)}
          onRetry={() => void invoices.refetch()}
          retrying={invoices.isFetching}
        />
      ) : invoices.data.length === 0 ? (
        <ListEmpty
          title="No invoices yet"
          description="An invoice appears here at the end of each billing period."
        />
      ) : (
        <InvoicesList invoices={invoices.data} />
      )}
    </section>
  );
}
