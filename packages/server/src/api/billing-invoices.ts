// The local ledger's invoice documents (hosted page and PDF), and the administrator's controls:
// closing an account's billing period now (the simulated period end of tests and demos) and
// settling an invoice paid outside Darkroom.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { closeDuePeriods, closeSubscriptionPeriod, findInvoice } from '../billing/invoices.ts';
import { invoiceLinks, invoiceObject } from '../billing/objects.ts';
import { invoicePage } from '../billing/invoice-page.ts';
import { invoicePdf } from '../billing/invoice-pdf.ts';
import { findPrice } from '../billing/catalogue.ts';
import { ensureSubscription } from '../billing/subscriptions.ts';
import { isId } from '../db/ids.ts';
import type { BillingInvoiceRow } from '../db/schema.ts';
import { findAccount } from '../store/accounts.ts';
import { requestOrigin } from './billing.ts';
import { sendData } from './documents.ts';
import { apiError } from '../errors.ts';
import { requestAttributes } from './request-document.ts';
import type { QueryParameterDoc } from './openapi/operation-doc.ts';
import { describeRoutes } from './openapi/registry.ts';

const INVOICE_ID = /^in_[0-9a-f]{24}$/;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The invoice, for a signed-in user of its account or for the holder of its link (the link's
 * token is as secret as a provider's hosted invoice URL). Anyone else is told it does not exist.
 */
async function invoiceFor(app: FastifyInstance, request: FastifyRequest, id: string) {
  const missing = apiError('not_found', 'No invoice has this id.');
  if (!INVOICE_ID.test(id)) throw missing;
  const invoice = await findInvoice(app.darkroom.database.db, id);
  if (invoice === undefined) throw missing;
  const token = (request.query as Record<string, unknown>).token;
  const byLink = typeof token === 'string' && sameSecret(token, invoice.access_token);
  const byAccount = request.auth?.user.accountId === invoice.account_id;
  if (!byLink && !byAccount) throw missing;
  const account = await findAccount(app.darkroom.database.db, invoice.account_id, null);
  return { invoice, company: account?.company ?? '' };
}

const LINK_TOKEN: QueryParameterDoc[] = [
  {
    name: 'token',
    description: "The invoice link's token: opens it without signing in.",
    schema: z.string(),
  },
];

export function billingInvoiceRoutes(app: FastifyInstance): void {
  describeRoutes(app, {
    'GET /billing/invoices/:id/hosted': {
      summary: "An invoice's page",
      description: "The local ledger's invoice as a page to view and print.",
      tag: 'Billing',
      openWithToken: true,
      query: LINK_TOKEN,
      answer: { status: 200, mediaType: 'text/html', description: 'The invoice page.' },
    },
    'GET /billing/invoices/:id/pdf': {
      summary: "An invoice's PDF",
      tag: 'Billing',
      openWithToken: true,
      query: LINK_TOKEN,
      answer: { status: 200, mediaType: 'application/pdf', description: 'The invoice.' },
    },
  });
  app.get<{ Params: { id: string } }>('/billing/invoices/:id/hosted', async (request, reply) => {
    const { invoice, company } = await invoiceFor(app, request, request.params.id);
    const { pdf } = invoiceLinks(requestOrigin(request), invoice);
    return reply
      .header('cache-control', 'private, no-store')
      .type('text/html; charset=utf-8')
      .send(invoicePage(invoice, company, pdf));
  });

  app.get<{ Params: { id: string } }>('/billing/invoices/:id/pdf', async (request, reply) => {
    const { invoice, company } = await invoiceFor(app, request, request.params.id);
    const bytes = await invoicePdf(invoice, company);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="invoice-${invoice.number}.pdf"`)
      .type('application/pdf')
      .send(Buffer.from(bytes));
  });
}

/** Statuses an administrator may move an invoice to, from each status. */
const SETTLEMENTS: Record<BillingInvoiceRow['status'], BillingInvoiceRow['status'][]> = {
  draft: ['open', 'void'],
  open: ['paid', 'void', 'uncollectible'],
  uncollectible: ['paid', 'void'],
  paid: [],
  void: [],
};

/** Mounted under /api/v4/admin. */
export function billingAdminRoutes(app: FastifyInstance): void {
  const { db } = app.darkroom.database;
  describeRoutes(app, {
    'POST /billing/close-period': {
      summary: "Close an account's billing period now",
      description:
        "The local ledger's period end, simulated (tests, demos): periods that ended before `at` close first, then the one `at` falls in closes at `at`. Answers the invoice, or null data when there is none. Refused with 409 when Stripe bills.",
      tag: 'Billing',
      body: {
        resource: 'billing_period_closes',
        // The handler reads these two itself: the account must exist, `at` defaults to now.
        attributes: z.object({
          account_id: z.string(),
          at: z.string().describe('An ISO 8601 time from 1970 to 9999; by default now.').optional(),
        }),
      },
      answer: { status: 200, resource: 'invoices' },
      errors: [409],
    },
    'PATCH /billing/invoices/:id': {
      summary: 'Settle an invoice',
      description: `Moves an invoice on: ${Object.entries(SETTLEMENTS)
        .filter(([, next]) => next.length > 0)
        .map(([from, next]) => `${from} to ${next.join(' or ')}`)
        .join('; ')}.`,
      tag: 'Billing',
      body: {
        resource: 'invoices',
        attributes: z.object({
          status: z.enum(Object.keys(SETTLEMENTS) as [BillingInvoiceRow['status']]),
        }),
      },
      answer: { status: 200, resource: 'invoices' },
      errors: [409],
    },
  });

  async function invoiceDocument(request: FastifyRequest, invoice: BillingInvoiceRow) {
    const price = await findPrice(db, invoice.price_id);
    const { id, ...attributes } = invoiceObject(invoice, price, requestOrigin(request));
    return { type: 'invoices', id, attributes };
  }

  app.post('/billing/close-period', async (request, reply) => {
    if (app.darkroom.config.stripe !== null) {
      throw apiError('conflict', 'Stripe closes billing periods when it is configured.');
    }
    const attributes = requestAttributes(request.body, 'billing_period_closes');
    const accountId = attributes.account_id;
    if (!isId(accountId) || !(await findAccount(db, accountId, null))) {
      throw apiError('validation_failed', 'account_id must name an account.', {
        pointer: '/data/attributes/account_id',
      });
    }
    const at = attributes.at === undefined ? new Date() : new Date(String(attributes.at));
    // A JavaScript date reaches years no timestamp column holds (PostgreSQL starts at 4713 BC).
    const year = at.getUTCFullYear();
    if (Number.isNaN(at.getTime()) || year < 1970 || year > 9999) {
      throw apiError('validation_failed', 'at must be an ISO 8601 time from 1970 to 9999.', {
        pointer: '/data/attributes/at',
      });
    }
    // Periods that ended before `at` close on their own schedule first; the one `at` falls in
    // is then closed at `at`.
    await closeDuePeriods(db, at, accountId);
    const subscription = await ensureSubscription(db, accountId);
    const invoice = await closeSubscriptionPeriod(db, subscription.id, { now: at, periodEnd: at });
    return sendData(reply, 200, invoice && (await invoiceDocument(request, invoice)));
  });

  app.patch<{ Params: { id: string } }>('/billing/invoices/:id', async (request, reply) => {
    const attributes = requestAttributes(request.body, 'invoices');
    const invoice = INVOICE_ID.test(request.params.id)
      ? await findInvoice(db, request.params.id)
      : undefined;
    if (invoice === undefined) throw apiError('not_found', 'No invoice has this id.');
    const status = attributes.status as BillingInvoiceRow['status'];
    if (!SETTLEMENTS[invoice.status].includes(status)) {
      throw apiError(
        'validation_failed',
        `An invoice that is ${invoice.status} cannot become ${String(status)}.`,
        { pointer: '/data/attributes/status' },
      );
    }
    const now = new Date();
    const updated = await db
      .updateTable('billing_invoices')
      .set({
        status,
        ...(status === 'paid' && { paid_at: now }),
        ...(status === 'open' && { finalized_at: now }),
      })
      .where('id', '=', invoice.id)
      .where('status', '=', invoice.status)
      .returningAll()
      .executeTakeFirst();
    if (updated === undefined) throw apiError('conflict', 'The invoice changed meanwhile; retry.');
    return sendData(reply, 200, await invoiceDocument(request, updated));
  });
}
