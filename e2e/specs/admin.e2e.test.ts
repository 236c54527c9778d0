import { describe, inject, it } from 'vitest';
import { PHONE, newPage, screenshot, uniqueEmail, useChromium } from '../support/browser.ts';
import { createAccountThroughApi, signInThroughUi } from '../support/flows.ts';

describe('operators in the browser', () => {
  const browser = useChromium();
  const baseUrl = inject('baseUrl');

  it('impersonates a customer, sees the banner, and stops', async () => {
    const customer = {
      company: 'Meridian Maps',
      name: 'Hedy Lamarr',
      email: uniqueEmail('hedy'),
      password: 'a-long-password',
    };
    await createAccountThroughApi(baseUrl, customer);

    const { context, page } = await newPage(browser(), baseUrl);
    await signInThroughUi(page, inject('adminEmail'), inject('adminPassword'));
    await page.getByRole('heading', { name: 'Sources', exact: true }).waitFor();
    // The operator's badge shows beside their name.
    await page.getByText('Admin', { exact: true }).filter({ visible: true }).first().waitFor();
    await screenshot(page, 'admin-signed-in-desktop');

    await page.goto('/admin/users');
    await page.getByRole('heading', { name: 'Admin: users' }).waitFor();
    await page.getByPlaceholder('Search by email').fill(customer.email);
    await page.getByPlaceholder('Search by email').press('Enter');
    // Other specs create people with the same name: take the row of this customer's email,
    // which also waits for the search to have answered.
    await page
      .getByRole('row')
      .filter({ hasText: customer.email })
      .getByRole('button', { name: `Impersonate ${customer.name}` })
      .click();

    const banner = page.getByRole('region', { name: 'Impersonation' });
    await banner.getByText(customer.name).waitFor();
    await page.getByRole('cell', { name: customer.email }).waitFor();
    await screenshot(page, 'impersonation-banner-desktop');

    await banner.getByRole('button', { name: 'Stop impersonating' }).click();
    await page.getByRole('heading', { name: 'Admin: users' }).waitFor();
    await banner.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows every shared control in the gallery to an operator', async () => {
    for (const [name, viewport] of [
      ['gallery-desktop', { width: 1280, height: 900 }],
      ['gallery-phone', PHONE],
    ] as const) {
      const { context, page } = await newPage(browser(), baseUrl, viewport);
      await signInThroughUi(page, inject('adminEmail'), inject('adminPassword'));
      await page.getByRole('heading', { name: 'Sources', exact: true }).waitFor();
      await page.goto('/ui');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await screenshot(page, name);
      await context.close();
    }
  });
});
