import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PHONE, newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { signUpThroughUi } from '../support/flows.ts';

const JSONAPI = 'application/vnd.api+json';

interface StoredSession {
  token: string;
  accountId: string;
}

async function apiCall<T>(
  baseUrl: string,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v4${path}`, {
    method,
    headers: {
      accept: JSONAPI,
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': JSONAPI }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(
    response.ok,
    `${method} ${path}: ${response.status} ${await response.clone().text()}`,
  ).toBe(true);
  return (await response.json()) as T;
}

async function adminToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v4/sessions`, {
    method: 'POST',
    headers: { accept: JSONAPI, 'content-type': JSONAPI },
    body: JSON.stringify({
      data: {
        type: 'sessions',
        attributes: { email: inject('adminEmail'), password: inject('adminPassword') },
      },
    }),
  });
  expect(response.status).toBe(201);
  const document = (await response.json()) as { data: { attributes: { token: string } } };
  return document.data.attributes.token;
}

/** A subdomain no other spec or run uses. */
function uniqueSubdomain(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/** The wizard's shortest way to a deploy: Darkroom Storage, then a subdomain. */
async function deployManagedSource(page: Page, subdomain: string): Promise<void> {
  await page.goto('/sources/new');
  await page.getByRole('button', { name: 'Use Darkroom Storage' }).click();
  await page.getByRole('button', { name: 'Continue' }).first().click();
  const step = page.locator('section').filter({
    has: page.getByRole('heading', { name: 'Keep your files on Darkroom' }),
  });
  await step.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Choose your subdomain' }).waitFor();
  await page.getByRole('textbox', { name: 'Subdomain' }).fill(subdomain);
  await page.getByText(new RegExp(`^${subdomain}\\..+ is available$`)).waitFor();
  await page.getByRole('button', { name: 'Deploy Source' }).click();
}

describe('billing in the browser', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');

  it('hits the free plan’s source limit, upgrades, creates the source and gets the invoice', async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpThroughUi(page, {
      company: 'Lumen Press',
      name: 'Ida Wells',
      email: uniqueEmail('ida'),
      password: 'a-long-password',
    });
    const session = await page.evaluate(
      () => JSON.parse(localStorage.getItem('darkroom.session') ?? 'null') as StoredSession,
    );

    // The free plan includes one source: the first is made directly, the second in the wizard.
    const first = uniqueSubdomain('first');
    await apiCall(baseUrl, session.token, 'POST', '/sources', {
      data: {
        type: 'sources',
        attributes: {
          name: first,
          production: { type: 'darkroom_storage', darkroom_subdomains: [first] },
        },
      },
    });

    await page.getByRole('link', { name: 'Billing' }).click();
    const plan = page.getByRole('region', { name: 'Current plan' });
    await plan.getByText('Free', { exact: true }).waitFor();
    await page.getByRole('meter', { name: 'Sources' }).waitFor();
    expect(await page.getByRole('meter', { name: 'Sources' }).getAttribute('aria-valuetext')).toBe(
      '1 of 1',
    );
    await screenshot(page, 'billing-overview-free-desktop');

    const second = uniqueSubdomain('second');
    await deployManagedSource(page, second);
    const refusal = page.getByRole('alert').filter({ hasText: 'Your Free plan includes 1 source' });
    await refusal.waitFor();
    await screenshot(page, 'billing-source-limit-desktop');

    await refusal.getByRole('link', { name: 'Upgrade your plan' }).click();
    await page.getByRole('heading', { name: 'Plans', exact: true }).waitFor();
    await page.getByRole('region', { name: 'Growth' }).waitFor();
    await screenshot(page, 'billing-plans-desktop');
    await page.getByRole('button', { name: 'Upgrade to Starter' }).click();
    const confirm = page.getByRole('dialog', { name: 'Upgrade to Starter?' });
    await confirm.getByText('Starter costs $19.00 / month.', { exact: false }).waitFor();
    await screenshot(page, 'billing-change-plan-confirm-desktop');
    await confirm.getByRole('button', { name: 'Switch to Starter' }).click();
    await page.getByText('You are on the Starter plan').waitFor();
    await page
      .getByRole('region', { name: 'Starter' })
      .getByText('Current plan', { exact: true })
      .waitFor();

    await deployManagedSource(page, second);
    await page.getByRole('dialog', { name: 'Your source has been created' }).waitFor();

    // The simulated period end: an operator closes the account's period now.
    const operator = await adminToken(baseUrl);
    const closed = await apiCall<{ data: { id: string; attributes: { amount_due: number } } }>(
      baseUrl,
      operator,
      'POST',
      '/admin/billing/close-period',
      { data: { type: 'billing_period_closes', attributes: { account_id: session.accountId } } },
    );
    // Starter is $19.00 a month without overages, and the plan changed before the period ended.
    expect(closed.data.attributes.amount_due).toBe(1900);

    await page.goto('/billing/invoices');
    const table = page.getByRole('table', { name: 'Invoices' });
    const row = table.getByRole('row').filter({ hasText: '$19.00' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Open');
    await screenshot(page, 'billing-invoices-desktop');

    const pdfLink = row.getByRole('link', { name: /as PDF/ });
    const pdfUrl = await pdfLink.getAttribute('href');
    expect(pdfUrl).toBeTruthy();
    const pdfResponse = await fetch(new URL(pdfUrl ?? '', baseUrl));
    expect(pdfResponse.status).toBe(200);
    expect(pdfResponse.headers.get('content-type')).toContain('application/pdf');
    const bytes = new Uint8Array(await pdfResponse.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThan(0);
    expect(pdf.getSubject()).toContain('$19.00');

    const hostedUrl = await row.getByRole('link', { name: /View invoice/ }).getAttribute('href');
    const hosted = await fetch(new URL(hostedUrl ?? '', baseUrl));
    expect(hosted.status).toBe(200);
    expect(await hosted.text()).toContain('$19.00');

    await page.goto('/billing');
    await plan.getByText('Starter', { exact: true }).waitFor();
    await plan.getByRole('button', { name: 'Manage billing' }).click();
    const payment = page.getByRole('region', { name: 'Payment details' });
    await payment.getByText('$19.00', { exact: true }).waitFor();
    await screenshot(page, 'billing-portal-desktop');
    await context.close();
  });

  it('lays the billing screens out for a phone', async () => {
    const { context, page } = await newPage(browser(), baseUrl, PHONE);
    await signUpThroughUi(page, {
      company: 'Lumen Press',
      name: 'Ida Wells',
      email: uniqueEmail('ida-phone'),
      password: 'a-long-password',
    });
    await page.goto('/billing');
    await page.getByRole('meter', { name: 'Bandwidth' }).waitFor();
    await screenshot(page, 'billing-overview-phone');
    await page.goto('/billing/plans');
    await page.getByRole('region', { name: 'Growth' }).waitFor();
    await screenshot(page, 'billing-plans-phone');
    await page.goto('/billing/invoices');
    await page.getByText('No invoices yet').waitFor();
    await screenshot(page, 'billing-invoices-empty-phone');
    await context.close();
  });
});
